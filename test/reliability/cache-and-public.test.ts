/**
 * Cache poisoning, a dead cache store, and a server that lies about public
 * filters (issue 14, items 7, 8, 12).
 */
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createRedisStore } from "../../src/client/cache/redis.js";
import type { CacheRecord, CacheStore } from "../../src/client/cache/store.js";
import { verifiedPublic } from "../../src/helpers/index.js";
import {
  type ClientEvent,
  createOddkitClient,
  getEssaysIndex,
  OddkitContractViolationError,
} from "../../src/index.js";
import { FakeServer, makeDocs } from "../client/fake-server.js";

/** A store shared with someone else: whatever they planted is what `get` returns. */
function plantedStore(planted: () => CacheRecord | undefined) {
  const deleted: string[] = [];
  const store: CacheStore = {
    async get(key) {
      return deleted.includes(key) ? undefined : planted();
    },
    async set() {},
    async delete(key) {
      deleted.push(key);
    },
  };
  return { store, deleted };
}

describe("cached records pass the same checks as fresh ones (item 7)", () => {
  it("a planted record (a body on a catalog, an internal document) is refused and the network answers", async () => {
    const server = new FakeServer({ docs: makeDocs(3) });
    // The honest answer, as a shared store would hold it…
    const honest = createOddkitClient({ server, countTokens: false, cache: false });
    const fresh = await honest.catalog({ disclosure: ["blockquote"] });
    const { meta: _meta, ...result } = fresh as unknown as Record<string, unknown>;
    // …and a planted one: an extra internal document with its body, on a listing.
    const poisoned = structuredClone(result) as { data: Record<string, unknown>[]; total: number };
    poisoned.data.push({
      uri: "klappy://internal/secret",
      title: "Secret",
      blockquote: "x",
      body: "the secret",
    });
    poisoned.total += 1;
    const text = JSON.stringify({ action: "catalog", result: poisoned });
    const record: CacheRecord = {
      text,
      bytes: text.length,
      tokens: 1,
      revision: null,
      storedAt: 0,
      freshUntil: Number.MAX_SAFE_INTEGER,
    };
    const { store, deleted } = plantedStore(() => record);
    const events: ClientEvent[] = [];
    const client = createOddkitClient({
      server,
      countTokens: false,
      cache: { store },
      onEvent: (e) => events.push(e),
    });
    const calls = server.count("oddkit_catalog");
    const answer = await client.catalog({ disclosure: ["blockquote"] });
    expect(JSON.stringify(answer)).not.toContain("secret");
    expect(answer.data).toHaveLength(3);
    expect(answer.meta.cached).toBe(false);
    expect(server.count("oddkit_catalog")).toBe(calls + 1);
    expect(deleted).toHaveLength(1);
    const refusal = events.find((e) => e.type === "cache-error");
    expect(refusal?.params).toEqual({ operation: "validate" });
    expect(refusal?.error).toBeInstanceOf(OddkitContractViolationError);
    await Promise.all([client.close(), honest.close()]);
  });

  it("a planted record that cannot be removed fails the call closed rather than being served", async () => {
    const server = new FakeServer({ docs: makeDocs(2) });
    const text = JSON.stringify({ action: "catalog", result: { status: "FOUND", data: [{ uri: 1 }] } });
    const record: CacheRecord = {
      text,
      bytes: 1,
      tokens: 1,
      revision: null,
      storedAt: 0,
      freshUntil: Number.MAX_SAFE_INTEGER,
    };
    const stuck: CacheStore = { get: async () => record, set: async () => {}, delete: async () => {} };
    const client = createOddkitClient({ server, countTokens: false, cache: { store: stuck } });
    await expect(client.catalog({})).rejects.toBeInstanceOf(OddkitContractViolationError);
    await client.close();
  });
});

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe("a dead cache store (item 12)", () => {
  it("Redis down (ioredis queueing through its reconnects): every call answers from the network, one warning", async () => {
    const redis = new Redis({ port: await closedPort(), host: "127.0.0.1" });
    redis.on("error", () => undefined);
    const server = new FakeServer({ docs: makeDocs(2) });
    const events: ClientEvent[] = [];
    const client = createOddkitClient({
      server,
      countTokens: false,
      cache: { store: createRedisStore(redis), storeTimeoutMs: 100 },
      onEvent: (e) => events.push(e),
    });
    for (let i = 0; i < 5; i++) {
      const answer = await client.catalog({ offset: i });
      expect(answer.meta.cached).toBe(false);
    }
    const warnings = events.filter((e) => e.type === "cache-error");
    expect(warnings).toHaveLength(1);
    expect(String((warnings[0]?.error as Error | undefined)?.message)).toContain(
      "did not answer within 100 ms (storeTimeoutMs)",
    );
    await client.close();
    redis.disconnect();
  });

  it("a store that throws is skipped for storeRetryMs, then tried again (one warning per outage)", async () => {
    let now = 0;
    let broken = true;
    let gets = 0;
    const memory = new Map<string, CacheRecord>();
    const store: CacheStore = {
      async get(key) {
        gets++;
        if (broken) throw new Error("ECONNREFUSED");
        return memory.get(key);
      },
      async set(key, record) {
        if (broken) throw new Error("ECONNREFUSED");
        memory.set(key, record);
      },
      async delete(key) {
        memory.delete(key);
      },
    };
    const server = new FakeServer({ docs: makeDocs(2) });
    const events: ClientEvent[] = [];
    const client = createOddkitClient({
      server,
      countTokens: false,
      cache: { store, storeRetryMs: 1_000, now: () => now },
      onEvent: (e) => events.push(e),
    });
    await client.catalog({});
    await client.catalog({});
    await client.catalog({});
    expect(gets).toBe(1); // tried once, then left alone
    broken = false;
    now += 1_001;
    await client.catalog({});
    expect((await client.catalog({})).meta.cached).toBe(true);
    broken = true;
    now += 10 * 60_000;
    await client.catalog({ offset: 1 });
    expect(events.filter((e) => e.type === "cache-error")).toHaveLength(2); // two outages, two warnings
    await client.close();
  });
});

describe("public helpers: bounded verification (item 8)", () => {
  /** A server that echoes the public filters but lists every document, internal ones included. */
  function lyingServer() {
    const docs = makeDocs(4).map((d, i) => ({
      ...d,
      metadata: {
        ...d.metadata,
        audience: i === 2 ? "internal" : "public",
        exposure: i === 2 ? "internal" : "public",
      },
    }));
    const server = new FakeServer({ docs });
    server.rewrite = (call, envelope) => {
      if (call.name !== "oddkit_catalog") return undefined;
      const result = envelope.result as { data: unknown[]; total: number };
      const data = docs.map((d, i) => ({
        uri: d.uri,
        title: d.title,
        blockquote: d.blockquote,
        position: i + 1,
      }));
      return { ...envelope, result: { ...result, status: "FOUND", data, total: data.length } };
    };
    return server;
  }

  it("the blockquote-only helper alone cannot see the lie", async () => {
    const client = createOddkitClient({ server: lyingServer(), countTokens: false, cache: false });
    const listing = await getEssaysIndex(client);
    expect(listing.data.map((e) => e.uri)).toContain("klappy://docs/doc-0003");
    await client.close();
  });

  it("verifiedPublic re-reads a sample with metadata and fails closed on the contradiction", async () => {
    const server = lyingServer();
    const client = createOddkitClient({ server, countTokens: false, cache: false });
    const essays = verifiedPublic(getEssaysIndex, { sample: 2, pick: () => [1, 2] });
    const error = await essays(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitContractViolationError);
    expect((error as Error).message).toContain(
      'klappy://docs/doc-0003 was listed for audience public but its metadata says audience: "internal"',
    );
    expect(server.count("oddkit_get")).toBe(2); // the documented cost: `sample` gets
    await client.close();
  });

  it("an allowlist (e.g. from the last shadow compare) checks every entry without a call", async () => {
    const server = lyingServer();
    const client = createOddkitClient({ server, countTokens: false, cache: false });
    const allow = ["klappy://docs/doc-0001", "klappy://docs/doc-0002", "klappy://docs/doc-0004"];
    const essays = verifiedPublic(getEssaysIndex, { sample: 0, allow });
    await expect(essays(client)).rejects.toThrow(/doc-0003 is not in the allowlist/);
    expect(server.count("oddkit_get")).toBe(0);
    await client.close();
  });

  it("an honest public listing passes, and a non-public helper is refused", async () => {
    const docs = makeDocs(3).map((d) => ({
      ...d,
      metadata: { ...d.metadata, audience: "public", exposure: "public" },
    }));
    const client = createOddkitClient({ server: new FakeServer({ docs }), countTokens: false, cache: false });
    const listing = await verifiedPublic(getEssaysIndex, { sample: Number.POSITIVE_INFINITY })(client);
    expect(listing.data).toHaveLength(3);
    const { getSitemap } = await import("../../src/index.js");
    expect(() => verifiedPublic(getSitemap as never)).toThrow(/not a public listing helper/);
    await client.close();
  });
});
