/**
 * client.paginate: every entry once, page size = the active cap, and loud
 * failure (or an explicit restart) when the knowledge base changes under the
 * walk. The fake server's corpus is edited between pages to prove it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_ENTRIES } from "../../src/client/index.js";
import {
  createOddkitClient,
  type OddkitClient,
  OddkitContractViolationError,
  OddkitPaginationError,
} from "../../src/index.js";
import { FakeServer, makeDocs } from "./fake-server.js";

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function setup(n: number, options: ConstructorParameters<typeof FakeServer>[0] = {}) {
  const server = new FakeServer({ docs: makeDocs(n), revision: null, ...options });
  const client = createOddkitClient({ server, countTokens: false });
  clients.push(client);
  const catalogCalls = () => server.calls.filter((c) => c.name === "oddkit_catalog").map((c) => c.args);
  return { server, client, catalogCalls };
}

async function collect<T>(
  iterable: AsyncIterable<T>,
  onEach?: (item: T, index: number) => void,
): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) {
    onEach?.(item, out.length);
    out.push(item);
  }
  return out;
}

describe("paginate walks every entry exactly once", () => {
  it("refuses a single-result action before any call, naming the multi-result ones", () => {
    const { server, client } = setup(3);
    // @ts-expect-error get is not a multi-result action
    expect(() => client.paginate("get", {})).toThrow(
      new TypeError("paginate: 'get' is not a multi-result action (search, catalog, preflight)"),
    );
    expect(server.calls).toEqual([]);
  });

  it("uses the active cap as the page size (summary → 25)", async () => {
    const { server, client, catalogCalls } = setup(60);
    const entries = await collect(client.paginate("catalog", { disclosure: ["summary"] }));
    expect(entries.map((e) => e.uri)).toEqual(server.docs.map((d) => d.uri));
    expect(entries[0]?.summary).toBe("Summary of document 0001.");
    expect(catalogCalls().map((a) => [a.limit, a.offset])).toEqual([
      [25, 0],
      [25, 25],
      [25, 50],
    ]);
  });

  it("pages of 500 without flags, 200 with blockquote, 100 with metadata", async () => {
    const { client, catalogCalls } = setup(3);
    await collect(client.paginate("catalog", {}));
    await collect(client.paginate("catalog", { disclosure: ["blockquote"] }));
    await collect(client.paginate("search", { query: "document", disclosure: ["metadata", "blockquote"] }));
    expect(catalogCalls().map((a) => a.limit)).toEqual([500, 200]);
  });

  it("honours an explicit limit and a starting offset", async () => {
    const { client, catalogCalls } = setup(10);
    const entries = await collect(client.paginate("catalog", { limit: 4, offset: 2 }));
    expect(entries.map((e) => e.position)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(catalogCalls().map((a) => a.offset)).toEqual([2, 6]);
  });

  it("always asks the server (a walk never mixes cached pages from another moment)", async () => {
    const { client, catalogCalls } = setup(30);
    await client.catalog({ limit: 25 });
    await collect(client.paginate("catalog", { limit: 25 }));
    expect(catalogCalls()).toHaveLength(3);
  });
});

describe("paginate never duplicates or skips silently", () => {
  it("throws when total changes between pages", async () => {
    const { server, client } = setup(60);
    const error = await collect(client.paginate("catalog", { disclosure: ["summary"] }), (_, i) => {
      if (i === 24) server.docs = makeDocs(61); // the knowledge base grows after page 1
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitPaginationError);
    expect(error).toMatchObject({ reason: "total-changed", offset: 25, yielded: 25 });
    expect((error as Error).message).toMatch(/total changed from 60 to 61/);
  });

  it("restarts from the first page on request, yielding only entries not yet yielded", async () => {
    const { server, client, catalogCalls } = setup(60);
    const newcomer = makeDocs(1, "docs/aaa")[0]!; // sorts first: shifts every later entry
    const entries = await collect(
      client.paginate("catalog", { disclosure: ["summary"] }, { onTotalChange: "restart" }),
      (_, i) => {
        if (i === 24) server.docs = [newcomer, ...server.docs];
      },
    );
    const uris = entries.map((e) => e.uri);
    expect(new Set(uris).size).toBe(uris.length);
    expect(new Set(uris)).toEqual(new Set(server.docs.map((d) => d.uri)));
    expect(catalogCalls().map((a) => a.offset)).toEqual([0, 25, 0, 25, 50]);
  });

  it("throws when the order shifts under an unchanged total (one removed, one added)", async () => {
    const { server, client } = setup(60);
    const newcomer = makeDocs(1, "docs/aaa")[0]!;
    const error = await collect(client.paginate("catalog", { disclosure: ["summary"] }), (_, i) => {
      if (i === 24) server.docs = [newcomer, ...server.docs.slice(0, -1)];
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "duplicate-entry" });
  });

  it("throws on an empty page before total is reached (the contract check refuses it first)", async () => {
    const { client } = setup(60, {
      rewrite: (call, envelope) => {
        if (call.name !== "oddkit_catalog" || call.args.offset !== 25) return undefined;
        const copy = structuredClone(envelope) as { result: { data: unknown[]; status: string } };
        copy.result.data = [];
        copy.result.status = "NO_MATCH";
        return copy;
      },
    });
    const error = await collect(client.paginate("catalog", { disclosure: ["summary"] })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OddkitContractViolationError);
    expect((error as OddkitContractViolationError).violations).toEqual([
      expect.objectContaining({ check: 3, reason: expect.stringMatching(/empty page at offset 25/) }),
    ]);
  });

  it("refuses up front to walk more than maxEntries (default 100 000)", async () => {
    expect(DEFAULT_MAX_ENTRIES).toBe(100_000);
    const { client } = setup(60);
    const seen: unknown[] = [];
    const error = await collect(client.paginate("catalog", {}, { maxEntries: 50 }), (e) =>
      seen.push(e),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "max-entries", yielded: 0 });
    expect(seen).toHaveLength(0);
  });

  it("rejects single-result actions", () => {
    const { client } = setup(1);
    expect(() => client.paginate("get" as never, { uri: "klappy://x" } as never)).toThrow(TypeError);
  });
});
