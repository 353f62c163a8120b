/**
 * Caching: a TTL cache keyed by the canonical request, shared in-flight calls,
 * and revision-keyed revalidation (one version probe instead of refetching
 * when the knowledge base has not changed). Counts server calls and tokens.
 */
import { afterEach, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/client/cache/key.js";
import { type CacheOptions, DEFAULT_CACHE_TTL_MS } from "../../src/client/index.js";
import { type ClientEvent, createOddkitClient, type OddkitClient } from "../../src/index.js";
import { FakeServer, makeDocs } from "./fake-server.js";

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function setup(options: { revision?: string | null; cache?: CacheOptions } = {}) {
  const server = new FakeServer({ docs: makeDocs(30), revision: options.revision });
  let now = 1_000_000;
  const events: ClientEvent[] = [];
  const client = createOddkitClient({
    server,
    cache: { now: () => now, ...options.cache },
    onEvent: (e) => events.push(e),
  });
  clients.push(client);
  return {
    server,
    client,
    events,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const FIVE_MINUTES = 5 * 60_000;

describe("TTL cache keyed by the canonical request", () => {
  it("canonical JSON sorts keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 0 }], a: 1, z: undefined })).toBe(
      '{"a":1,"b":[2,{"c":0,"d":1}]}',
    );
    expect(canonicalJson({ limit: 2, input: "x" })).toBe(canonicalJson({ input: "x", limit: 2 }));
  });

  it("serves a repeated catalog from the cache for 5 minutes, counting the tokens saved", async () => {
    const { server, client, advance } = setup({ revision: null });
    const first = await client.catalog({ disclosure: ["blockquote"] });
    advance(FIVE_MINUTES - 1);
    const second = await client.catalog({ disclosure: ["blockquote"] });
    expect(server.count("oddkit_catalog")).toBe(1);
    expect(first.meta.cached).toBe(false);
    expect(second.meta).toMatchObject({ cached: true, revalidated: false, tokens: first.meta.tokens });
    expect(second.data).toEqual(first.data);
    expect(second.data).not.toBe(first.data); // each caller gets its own copy
    const tokensSaved = second.meta.bytes;
    expect(tokensSaved).toBeGreaterThan(100);
  });

  it("treats requests that must get the same answer as one key", async () => {
    const { server, client } = setup({ revision: null });
    await client.catalog({ exposure: "public" });
    await client.catalog({ exposure: ["public"] });
    await client.catalog({
      exposure: ["public"],
      include: ["essays", "docs", "canon"],
      disclosure: [],
      limit: 25,
    });
    await client.catalog({ exposure: ["public"], offset: 0 });
    expect(server.count("oddkit_catalog")).toBe(1);
    await client.catalog({ exposure: ["public"], limit: 10 });
    await client.catalog({ exposure: ["public"], include: "journals" });
    expect(server.count("oddkit_catalog")).toBe(3);
  });

  it("documents its per-action freshness: catalog, get and resolve 5 minutes; search and preflight 1 minute", async () => {
    expect(DEFAULT_CACHE_TTL_MS).toEqual({
      catalog: FIVE_MINUTES,
      get: FIVE_MINUTES,
      resolve: FIVE_MINUTES,
      search: 60_000,
      preflight: 60_000,
    });
    const { server, client, advance } = setup({ revision: null });
    await client.search({ query: "document" });
    advance(60_001);
    await client.search({ query: "document" });
    expect(server.count("oddkit_search")).toBe(2);
  });

  it("shares one in-flight call among concurrent identical requests", async () => {
    const { server, client } = setup({ revision: null });
    const results = await Promise.all(Array.from({ length: 5 }, () => client.catalog({ limit: 10 })));
    expect(server.count("oddkit_catalog")).toBe(1);
    expect(results.filter((r) => r.meta.cached)).toHaveLength(4);
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
  });

  it("one caller aborting does not abort the call it shares with others", async () => {
    const server = new FakeServer({ revision: null });
    const client = createOddkitClient({ server });
    clients.push(client);
    const controller = new AbortController();
    const impatient = client.catalog({ limit: 5 }, { signal: controller.signal });
    const patient = client.catalog({ limit: 5 });
    controller.abort(new Error("gave up"));
    await expect(impatient).rejects.toThrow("gave up");
    await expect(patient).resolves.toMatchObject({ status: "FOUND" });
    expect(server.count("oddkit_catalog")).toBe(1);
  });

  it("never caches a failure", async () => {
    const { server, client } = setup({ revision: null });
    await expect(client.get({ uri: "klappy://nowhere" })).rejects.toThrow(/NOT_FOUND/);
    await expect(client.get({ uri: "klappy://nowhere" })).rejects.toThrow(/NOT_FOUND/);
    expect(server.count("oddkit_get")).toBe(2);
  });

  it("a failing store degrades to uncached calls and is reported, never failing the call", async () => {
    const server = new FakeServer({ revision: null });
    const events: ClientEvent[] = [];
    const broken = {
      get: async () => {
        throw new Error("redis is down");
      },
      set: async () => {
        throw new Error("redis is down");
      },
      delete: async () => undefined,
    };
    const client = createOddkitClient({ server, cache: { store: broken }, onEvent: (e) => events.push(e) });
    clients.push(client);
    await expect(client.catalog()).resolves.toMatchObject({ status: "FOUND" });
    await expect(client.catalog()).resolves.toMatchObject({ status: "FOUND" });
    expect(server.count("oddkit_catalog")).toBe(2);
    // One warning per outage, not one per call (the store is then left alone for storeRetryMs).
    expect(events.filter((e) => e.type === "cache-error").map((e) => e.params.operation)).toEqual(["get"]);
  });

  it("can be turned off per client, per action and per call", async () => {
    const off = new FakeServer();
    const uncached = createOddkitClient({ server: off, cache: false });
    clients.push(uncached);
    await uncached.catalog();
    await uncached.catalog();
    expect(off.count("oddkit_catalog")).toBe(2);
    expect(off.count("oddkit_version")).toBe(0);

    const { server, client } = setup({ revision: null, cache: { ttlMs: { get: 0 } } });
    await client.get({ uri: "klappy://docs/doc-0001" });
    await client.get({ uri: "klappy://docs/doc-0001" });
    expect(server.count("oddkit_get")).toBe(2);
    await client.catalog();
    await client.catalog({}, { cache: false });
    expect(server.count("oddkit_catalog")).toBe(2);
  });
});

describe("revision-keyed revalidation", () => {
  it("tags entries with the server's revision and revalidates an expired entry with one probe, no refetch", async () => {
    const { server, client, advance, events } = setup({ revision: "rev-1" });
    const first = await client.catalog();
    expect(first.meta.revision).toBe("rev-1");
    expect(server.count("oddkit_version")).toBe(1);
    advance(FIVE_MINUTES + 1);
    const again = await client.catalog();
    expect(again.meta).toMatchObject({ cached: true, revalidated: true, revision: "rev-1" });
    expect(server.count("oddkit_catalog")).toBe(1);
    expect(server.count("oddkit_version")).toBe(2);
    expect(events.map((e) => e.type)).toEqual(["call", "revalidate"]);
    // Renewed: fresh again for a full TTL without any call.
    advance(FIVE_MINUTES - 1);
    await client.catalog();
    expect(server.count()).toBe(3);
  });

  it("refetches when the revision changed, and tags the new entry with it", async () => {
    const { server, client, advance } = setup({ revision: "rev-1" });
    await client.catalog();
    server.revision = "rev-2";
    server.docs = makeDocs(31);
    advance(FIVE_MINUTES + 1);
    const fresh = await client.catalog();
    expect(fresh.meta).toMatchObject({ cached: false, revalidated: false, revision: "rev-2" });
    expect(fresh.total).toBe(31);
    expect(server.count("oddkit_catalog")).toBe(2);
  });

  it("shares one version probe among all the entries expiring at that moment", async () => {
    const { server, client, advance } = setup({ revision: "rev-1" });
    const pages = [0, 25, 50].map((offset) => ({ offset, limit: 25 }));
    await Promise.all(pages.map((p) => client.catalog(p)));
    await client.get({ uri: "klappy://docs/doc-0001" });
    expect(server.count("oddkit_version")).toBe(1);
    advance(FIVE_MINUTES + 1);
    const again = await Promise.all([
      ...pages.map((p) => client.catalog(p)),
      client.get({ uri: "klappy://docs/doc-0001" }),
    ]);
    expect(again.every((r) => r.meta.revalidated)).toBe(true);
    expect(server.count("oddkit_version")).toBe(2);
    expect(server.count("oddkit_catalog")).toBe(3);
    expect(server.count("oddkit_get")).toBe(1);
  });

  it("counts the calls and tokens revalidation saves over a day of 4 renders an hour", async () => {
    const { server, client, advance } = setup({ revision: "rev-1" });
    let tokensServed = 0;
    let tokensFetched = 0;
    for (let render = 0; render < 96; render++) {
      const page = await client.catalog({ disclosure: ["blockquote"], limit: 30 });
      tokensServed += page.meta.tokens ?? 0;
      if (!page.meta.cached) tokensFetched += page.meta.tokens ?? 0;
      advance(15 * 60_000);
    }
    // One real fetch; every later render is one version probe (the knowledge base never changed).
    expect(server.count("oddkit_catalog")).toBe(1);
    expect(server.count("oddkit_version")).toBe(96);
    expect(tokensFetched * 96).toBe(tokensServed);
  });

  it("answers about another knowledge base (knowledge_base_url) get plain TTL: the probe speaks for the default one", async () => {
    const { server, client, advance } = setup({ revision: "rev-1" });
    const other = await client.catalog({ knowledge_base_url: "https://github.com/someone/else" });
    expect(other.meta.revision).toBeUndefined();
    advance(FIVE_MINUTES + 1);
    const again = await client.catalog({ knowledge_base_url: "https://github.com/someone/else" });
    expect(again.meta).toMatchObject({ cached: false, revalidated: false });
    expect(server.count("oddkit_catalog")).toBe(2);
    expect(server.count("oddkit_version")).toBe(0);
  });

  it("servers that report no revision get plain TTL: expired means refetch, and no more probes", async () => {
    const { server, client, advance } = setup({ revision: null });
    const first = await client.catalog();
    expect(first.meta.revision).toBeUndefined();
    advance(FIVE_MINUTES + 1);
    const second = await client.catalog();
    expect(second.meta).toMatchObject({ cached: false, revalidated: false });
    expect(server.count("oddkit_catalog")).toBe(2);
    expect(server.count("oddkit_version")).toBe(1);
  });

  it("servers without a version tool get plain TTL too", async () => {
    const server = new FakeServer({
      rewrite: (call) =>
        call.name === "oddkit_version"
          ? { content: [{ type: "text", text: "Unknown tool: oddkit_version" }], isError: true }
          : undefined,
    });
    let now = 0;
    const client = createOddkitClient({ server, cache: { now: () => now } });
    clients.push(client);
    await client.catalog();
    now += FIVE_MINUTES + 1;
    await client.catalog();
    expect(server.count("oddkit_catalog")).toBe(2);
    expect(server.count("oddkit_version")).toBe(1);
  });

  it("revalidate: false keeps plain TTL even when the server reports a revision", async () => {
    const { server, client, advance } = setup({ revision: "rev-1", cache: { revalidate: false } });
    await client.catalog();
    advance(FIVE_MINUTES + 1);
    await client.catalog();
    expect(server.count("oddkit_catalog")).toBe(2);
    expect(server.count("oddkit_version")).toBe(0);
  });
});
