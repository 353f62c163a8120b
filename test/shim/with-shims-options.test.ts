/**
 * withShims composes the client (src/client/answer.ts) instead of copying its
 * request path, so per-call options and client options hold on every era:
 * before, a contract-era call through the shim dropped `signal` and `cache`
 * (it called `client[action](params)`), and a pre-contract call ran its own
 * copy of the path that knew neither.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient } from "../../src/client/client.js";
import type { ClientEvent, OddkitClient } from "../../src/client/types.js";
import { OddkitRequestError } from "../../src/errors/index.js";
import { type EmulatedResultMeta, withShims } from "../../src/shim/with-shims.js";
import { fixtureCorpus, legacyVisible, serverPair } from "./harness.js";

const LISTING = {
  disclosure: ["summary"] as const,
  include: ["canon", "docs"] as ("canon" | "docs")[],
  limit: 3,
};

describe("withShims honours per-call options on every era", () => {
  let pair: Awaited<ReturnType<typeof serverPair>>;
  const open: OddkitClient[] = [];
  const client = (server: "legacy" | "contract", onEvent?: (e: ClientEvent) => void) => {
    const made = createOddkitClient({
      server: pair[server],
      countTokens: false,
      ...(onEvent ? { onEvent } : {}),
    });
    open.push(made);
    return made;
  };
  beforeAll(async () => {
    pair = await serverPair(legacyVisible(await fixtureCorpus()));
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await pair.close();
  });

  it("contract era: cache: false skips the client's result cache", async () => {
    const shimmed = withShims(client("contract"));
    expect(await shimmed.era()).toBe("window");
    const first = await shimmed.catalog(LISTING);
    expect(first.meta.cached).toBe(false);
    expect((await shimmed.catalog(LISTING)).meta.cached).toBe(true);
    const uncached = await shimmed.catalog(LISTING, { cache: false });
    expect(uncached.meta.cached).toBe(false);
    expect(uncached.data).toEqual(first.data);
  });

  it("contract era: an aborted signal rejects the call with its reason", async () => {
    const shimmed = withShims(client("contract"));
    const controller = new AbortController();
    controller.abort(new Error("caller gave up"));
    await expect(shimmed.catalog(LISTING, { signal: controller.signal })).rejects.toThrow("caller gave up");
    await expect(
      shimmed.get({ uri: "klappy://canon/values/orientation" }, { signal: controller.signal, cache: false }),
    ).rejects.toThrow("caller gave up");
  });

  it("pre-contract era: an aborted signal rejects before any legacy call", async () => {
    const events: ClientEvent[] = [];
    const shimmed = withShims(client("legacy", (e) => events.push(e)));
    expect(await shimmed.era()).toBe("pre-contract");
    const before = events.filter((e) => e.type === "call").length;
    const controller = new AbortController();
    controller.abort(new Error("caller gave up"));
    await expect(shimmed.catalog(LISTING, { signal: controller.signal })).rejects.toThrow("caller gave up");
    expect(events.filter((e) => e.type === "call").length).toBe(before);
  });

  it("pre-contract era: aborting mid-emulation stops the legacy calls still to be made", async () => {
    const controller = new AbortController();
    const legacyCalls: string[] = [];
    const shimmed = withShims(
      client("legacy", (e) => {
        if (e.type !== "call" || !e.action.startsWith("oddkit_")) return;
        legacyCalls.push(e.action);
        // The first text read (one legacy get per page document) is the last one made.
        if (e.action === "oddkit_get") controller.abort(new Error("caller gave up"));
      }),
      { forward: { concurrency: 1 } },
    );
    await shimmed.era();
    await expect(shimmed.catalog(LISTING, { signal: controller.signal })).rejects.toThrow("caller gave up");
    expect(legacyCalls.filter((a) => a === "oddkit_get")).toHaveLength(1);
    // Unaborted, the same page reads one text per entry.
    const page = await shimmed.catalog(LISTING);
    expect(page.data).toHaveLength(3);
  });

  it("pre-contract era: cache: false answers from fresh legacy reads, not the shim's caches", async () => {
    const shimmed = withShims(client("legacy"));
    const first = await shimmed.catalog(LISTING);
    const meta = (r: { meta: unknown }) => r.meta as EmulatedResultMeta;
    expect(meta(first).extraCalls).toBeGreaterThan(0);
    expect(meta(await shimmed.catalog(LISTING)).extraCalls).toBe(0); // listing and texts cached
    const fresh = await shimmed.catalog(LISTING, { cache: false });
    expect(meta(fresh).extraCalls).toBe(meta(first).extraCalls);
    expect(fresh.data).toEqual(first.data);
    expect(meta(fresh).emulated).toBe(true);
  });

  it("pre-contract era: client options apply to emulated answers too (requirePublic, events)", async () => {
    const events: ClientEvent[] = [];
    const guarded = createOddkitClient({
      server: pair.legacy,
      countTokens: false,
      requirePublic: true,
      onEvent: (e) => events.push(e),
    });
    open.push(guarded);
    const shimmed = withShims(guarded);
    await expect(shimmed.catalog({ limit: 2 })).rejects.toMatchObject({ sent: false });
    await expect(shimmed.catalog({ limit: 2 })).rejects.toBeInstanceOf(OddkitRequestError);
    const page = await shimmed.catalog({ exposure: "public", limit: 2 });
    expect(page.meta.emulated).toBe(true);
    const call = events.find((e) => e.type === "call" && e.action === "catalog");
    expect(call?.meta?.emulated).toBe(true);
  });

  it("refuses a client it cannot compose, naming what to pass", () => {
    const made = client("contract");
    const foreign = { ...made } as OddkitClient;
    expect(() => withShims(foreign)).toThrow(/createOddkitClient/);
    // A shimmed client composes again (its own strategy first).
    expect(() => withShims(withShims(made))).not.toThrow();
  });
});
