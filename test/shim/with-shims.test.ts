/**
 * Done-when of the forward shim: migrated code (the typed client and the
 * named use-case helpers) runs unchanged against a legacy-mode server
 * through withShims, and gets what a contract server gives — marked
 * emulated, with its legacy cost in meta.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient } from "../../src/client/client.js";
import type { OddkitClient } from "../../src/client/types.js";
import { OddkitNotFoundError, OddkitRequestError } from "../../src/errors/index.js";
import { HELPERS } from "../../src/helpers/index.js";
import type { EmulatedResultMeta } from "../../src/shim/with-shims.js";
import { type ShimmedClient, withShims } from "../../src/shim/with-shims.js";
import { fixtureCorpus, legacyVisible, serverPair } from "./harness.js";

const withoutMeta = (result: unknown) => {
  const { meta: _meta, ...rest } = result as { meta: unknown };
  return rest;
};

describe("withShims over a legacy-mode server", () => {
  let pair: Awaited<ReturnType<typeof serverPair>>;
  let direct: OddkitClient;
  let shimmed: ShimmedClient;
  let onContract: ShimmedClient;
  beforeAll(async () => {
    pair = await serverPair(legacyVisible(await fixtureCorpus()));
    direct = createOddkitClient({ server: pair.contract, countTokens: false });
    shimmed = withShims(createOddkitClient({ server: pair.legacy, countTokens: false }));
    onContract = withShims(createOddkitClient({ server: pair.contract, countTokens: false }));
  });
  afterAll(async () => {
    await Promise.all([direct.close(), shimmed.close(), onContract.close()]);
    await pair.close();
  });

  it("exposes the era of each server", async () => {
    expect(await shimmed.era()).toBe("pre-contract");
    expect(await onContract.era()).toBe("window");
  });

  it("runs every named use-case helper unchanged, with the contract server's answers", async () => {
    const inputs: Record<string, unknown[]> = {
      getNotebook: ["docs/"],
      globalSearch: ["caching guidance"],
      getEssayPage: ["klappy://writings/on-caching"],
    };
    for (const [name, helper] of Object.entries(HELPERS)) {
      const args = inputs[name] ?? [];
      const run = helper as (client: unknown, ...a: unknown[]) => Promise<{ data: unknown; total?: number }>;
      const expected = await run(direct, ...args);
      const actual = await run(shimmed, ...args);
      expect(withoutMeta(actual), name).toEqual(withoutMeta(expected));
    }
  });

  it("marks emulated results and states their legacy cost", async () => {
    const fresh = withShims(createOddkitClient({ server: pair.legacy, countTokens: false }));
    const page = await fresh.catalog({ disclosure: ["summary"], include: ["canon", "docs"], limit: 3 });
    const meta = page.meta as EmulatedResultMeta;
    expect(meta.emulated).toBe(true);
    expect(meta.extraCalls).toBeGreaterThan(0);
    expect(meta.extraBytes).toBeGreaterThan(0);
    const again = await fresh.catalog({ disclosure: ["summary"], include: ["canon", "docs"], limit: 3 });
    expect((again.meta as EmulatedResultMeta).extraCalls).toBe(0); // listing and bodies cached
    await fresh.close();
    const real = await onContract.catalog({ disclosure: ["summary"], include: ["canon", "docs"], limit: 3 });
    expect(real.meta.emulated).toBe(false);
    expect(withoutMeta(page)).toEqual(withoutMeta(real));
  });

  it("raises the client's typed errors, before any call for refused requests", async () => {
    await expect(shimmed.catalog({ disclosure: ["body"] as never })).rejects.toMatchObject({
      code: "DISCLOSURE_FLAG_NOT_PERMITTED",
      sent: false,
    });
    await expect(shimmed.search({ query: "x", disclosure: ["summary"], limit: 100 })).rejects.toBeInstanceOf(
      OddkitRequestError,
    );
    await expect(shimmed.get({ uri: "klappy://nowhere" })).rejects.toBeInstanceOf(OddkitNotFoundError);
  });

  it("paginates through the shim", async () => {
    const uris: string[] = [];
    for await (const entry of shimmed.paginate("catalog", {
      limit: 4,
      include: ["canon", "docs", "journals"],
    })) {
      uris.push(entry.uri);
    }
    const all = await direct.catalog({ limit: 500, include: ["canon", "docs", "journals"] });
    expect(uris).toEqual(all.data.map((e) => e.uri));
  });
});
