/**
 * Listing helpers through the client cache: a whole collection is one record,
 * fresh within its TTL, revalidated by the knowledge-base revision (same:
 * the whole collection again; another: every page refetched), never stored
 * when its pages came from different revisions; `{ cache: false }` opts out.
 * Every figure is counted at the server.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { CacheOptions } from "../../src/client/index.js";
import { capFor } from "../../src/contract/index.js";
import { getEssaysIndex, getSitemap } from "../../src/helpers/index.js";
import {
  type CacheStore,
  type ClientEvent,
  createMemoryStore,
  createOddkitClient,
  type OddkitClient,
  OddkitPaginationError,
} from "../../src/index.js";
import { FakeServer, makeDocs } from "../client/fake-server.js";

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const FIVE_MINUTES = 5 * 60_000;
const DOCS = 250;
const PAGE = capFor("catalog", ["blockquote"]).max;
const PAGES = Math.ceil(DOCS / PAGE);
// A stand-in counter: the test is about which texts are counted, not about cl100k.
const countTokens = (text: string) => Math.ceil(text.length / 4);

/** Public essays, so that every flag's answer matches the helper's public filters. */
const publicDocs = () =>
  makeDocs(DOCS, "writings/essay").map((d) => ({
    ...d,
    metadata: { ...d.metadata, audience: "public", exposure: "public" },
  }));

function setup(options: { server?: FakeServer; cache?: CacheOptions } = {}) {
  const server = options.server ?? new FakeServer({ docs: publicDocs(), revision: "rev-1" });
  let now = 1_000_000;
  const events: ClientEvent[] = [];
  const client = createOddkitClient({
    server,
    countTokens,
    cache: { now: () => now, ...options.cache },
    onEvent: (e) => events.push(e),
  });
  clients.push(client);
  const advance = (ms: number) => {
    now += ms;
  };
  return { server, client, events, advance };
}

/** A knowledge-base change: another revision, and a document whose blockquote says so. */
function change(server: FakeServer, revision: string): void {
  server.revision = revision;
  server.docs = server.docs.map((d, i) => (i === 0 ? { ...d, blockquote: `Edited at ${revision}.` } : d));
}

describe("a listing helper's collection is one cache record", () => {
  it(`ten getEssaysIndex renders within the TTL reach the server once (${PAGES} pages)`, async () => {
    const { server, client, advance } = setup();
    const first = await getEssaysIndex(client);
    expect(first.data).toHaveLength(DOCS);
    expect(server.count("oddkit_catalog")).toBe(PAGES);
    const afterFirst = server.count();
    for (let i = 0; i < 9; i++) {
      advance(30_000);
      const again = await getEssaysIndex(client);
      expect(again.data).toEqual(first.data);
      expect(again.meta.cached).toBe(true);
    }
    expect(server.count()).toBe(afterFirst);
    expect(server.count("oddkit_catalog")).toBe(PAGES);
  });

  it("after the TTL, the same revision serves the whole collection on one probe", async () => {
    const { server, client, advance } = setup();
    await getEssaysIndex(client);
    const versions = server.count("oddkit_version");
    advance(FIVE_MINUTES + 1);
    const again = await getEssaysIndex(client);
    expect(again.meta).toMatchObject({ cached: true, revalidated: true, revision: "rev-1", calls: 0 });
    expect(server.count("oddkit_catalog")).toBe(PAGES);
    expect(server.count("oddkit_version")).toBe(versions + 1);
  });

  it("after a knowledge-base change, ten renders per revision refetch every page once per revision", async () => {
    const { server, client, advance } = setup();
    const renders = async () => {
      const out = [];
      for (let i = 0; i < 10; i++) {
        out.push(await getEssaysIndex(client));
        advance(FIVE_MINUTES / 2);
      }
      return out;
    };
    await renders();
    expect(server.count("oddkit_catalog")).toBe(PAGES);
    for (const [n, revision] of ["rev-2", "rev-3"].entries()) {
      change(server, revision);
      advance(FIVE_MINUTES);
      const seen = await renders();
      expect(server.count("oddkit_catalog")).toBe(PAGES * (n + 2));
      expect(seen[0]!.meta).toMatchObject({ cached: false, revision, calls: PAGES });
      expect(seen.every((r) => r.data[0]!.blockquote === `Edited at ${revision}.`)).toBe(true);
    }
  });

  it("meta says what happened: cached, revalidated, revision, calls, bytes, tokens", async () => {
    const { server, client } = setup();
    const uncached = createOddkitClient({ server, countTokens, cache: false });
    clients.push(uncached);
    const reference = await getEssaysIndex(uncached);
    const fetched = await getEssaysIndex(client);
    const cached = await getEssaysIndex(client);
    expect(fetched.meta).toMatchObject({
      cached: false,
      revalidated: false,
      revision: "rev-1",
      calls: PAGES,
      pages: PAGES,
      bytes: reference.meta.bytes,
      tokens: reference.meta.tokens,
    });
    expect(cached.meta).toMatchObject({
      cached: true,
      revalidated: false,
      revision: "rev-1",
      calls: 0,
      pages: PAGES,
      bytes: reference.meta.bytes,
      tokens: reference.meta.tokens,
    });
    expect(reference.meta.tokens).toBeGreaterThan(0);
    expect(reference.meta).toMatchObject({ cached: false, calls: PAGES });
  });

  it("{ cache: false } fetches every page each time and leaves the record alone", async () => {
    const { server, client } = setup();
    await getEssaysIndex(client, {}, { cache: false });
    await getEssaysIndex(client, {}, { cache: false });
    expect(server.count("oddkit_catalog")).toBe(2 * PAGES);
    const cachedAfter = await getEssaysIndex(client);
    expect(cachedAfter.meta.cached).toBe(false);
    expect(server.count("oddkit_catalog")).toBe(3 * PAGES);
  });

  it("is keyed by the helper's whole request: other filters or flags are another record", async () => {
    const { server, client } = setup();
    await getEssaysIndex(client);
    await getEssaysIndex(client, { disclosure: ["metadata"] });
    await getSitemap(client);
    const sitemapPages = server.count("oddkit_catalog") - PAGES - PAGES;
    expect(sitemapPages).toBeGreaterThan(0);
    await getEssaysIndex(client);
    await getEssaysIndex(client, { disclosure: ["metadata"] });
    expect((await getSitemap(client)).meta.cached).toBe(true);
    expect(server.count("oddkit_catalog")).toBe(2 * PAGES + sitemapPages);
  });

  it("shares one collection between concurrent renders", async () => {
    const { server, client } = setup();
    const all = await Promise.all(Array.from({ length: 5 }, () => getEssaysIndex(client)));
    expect(server.count("oddkit_catalog")).toBe(PAGES);
    expect(all.filter((r) => !r.meta.cached)).toHaveLength(1);
  });
});

describe("a collection never mixes revisions", () => {
  /** A server whose knowledge base changes while the second page is being answered. */
  function changingMidway() {
    const server = new FakeServer({ docs: publicDocs(), revision: "rev-1" });
    let changed = false;
    server.rewrite = (call) => {
      if (!changed && call.name === "oddkit_catalog" && call.args.offset === PAGE) {
        changed = true;
        change(server, "rev-2");
      }
      return undefined;
    };
    return server;
  }

  it("throws rather than store pages answered at two revisions", async () => {
    const { client } = setup({ server: changingMidway() });
    await expect(getEssaysIndex(client, {}, { concurrency: 1 })).rejects.toBeInstanceOf(
      OddkitPaginationError,
    );
    // Nothing was stored: the next render fetches again, at one revision.
    const next = await getEssaysIndex(client);
    expect(next.meta).toMatchObject({ cached: false, revision: "rev-2" });
  });

  it("with onTotalChange 'restart', starts over and stores the collection of the new revision", async () => {
    const server = changingMidway();
    const { client } = setup({ server });
    const result = await getEssaysIndex(client, {}, { concurrency: 1, onTotalChange: "restart" });
    expect(result.meta).toMatchObject({ cached: false, revision: "rev-2" });
    expect(result.data[0]!.blockquote).toBe("Edited at rev-2.");
    expect(server.count("oddkit_catalog")).toBe(2 * PAGES);
    expect((await getEssaysIndex(client)).meta.cached).toBe(true);
  });

  it("a knowledge base that changed before the first collection (not during it) is no mix", async () => {
    const { server, client, advance } = setup();
    await client.catalog({ disclosure: ["metadata"] }); // the client now knows rev-1
    change(server, "rev-2");
    advance(60_000);
    const result = await getEssaysIndex(client);
    expect(result.meta).toMatchObject({ cached: false, revision: "rev-2" });
    expect((await getEssaysIndex(client)).meta.cached).toBe(true);
  });
});

/** A memory store that records the keys written to it, for tests that tamper with a stored record. */
function recordingStore() {
  const inner = createMemoryStore();
  const keys: string[] = [];
  const store: CacheStore = {
    get: (k) => inner.get(k),
    delete: (k) => inner.delete(k),
    set: (k, record, ms) => {
      keys.push(k);
      return inner.set(k, record, ms);
    },
  };
  return { inner, keys, store };
}

describe("a cached collection passes the checks a fresh one does", () => {
  it("a record that fails validation (planted in a shared store) is discarded and refetched", async () => {
    const { inner, keys, store } = recordingStore();
    const { server, client, events } = setup({ cache: { store } });
    await getEssaysIndex(client);
    const key = keys.find((k) => k.startsWith("collect:"))!;
    const record = (await inner.get(key))!;
    // Each stored page now discloses `body`, a flag the helper never asked for.
    const pages = JSON.parse(record.text) as string[];
    const planted = pages.map((text) => text.replaceAll('"blockquote"', '"body"'));
    await inner.set(key, { ...record, text: JSON.stringify(planted) }, 60_000);
    const served = await getEssaysIndex(client);
    expect(served.meta.cached).toBe(false);
    expect(served.data[0]).toHaveProperty("blockquote");
    expect(server.count("oddkit_catalog")).toBe(2 * PAGES);
    expect(events.some((e) => e.type === "error" && e.action === "catalog")).toBe(true);
    // The planted record is gone: the next render stores a good one, and the one after is served it.
    expect((await getEssaysIndex(client)).meta.cached).toBe(false);
    expect((await getEssaysIndex(client)).meta.cached).toBe(true);
  });

  it("a record missing a page is refused and refetched", async () => {
    const { inner, keys, store } = recordingStore();
    const { server, client } = setup({ cache: { store } });
    await getEssaysIndex(client);
    const key = keys.find((k) => k.startsWith("collect:"))!;
    const record = (await inner.get(key))!;
    const pages = JSON.parse(record.text) as unknown[];
    await inner.set(key, { ...record, text: JSON.stringify(pages.slice(0, 1)) }, 60_000);
    const served = await getEssaysIndex(client);
    expect(served.data).toHaveLength(DOCS);
    expect(served.meta.cached).toBe(false);
    expect(server.count("oddkit_catalog")).toBe(2 * PAGES);
  });
});
