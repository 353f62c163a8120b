/**
 * Compile-time contract of the typed client: the entry type of a result
 * follows the `disclosure` literal passed (or the action's declared default).
 */
import { describe, expectTypeOf, it } from "vitest";
import type { ResultMeta } from "../../src/client/types.js";
import {
  createOddkitClient,
  type OddkitClient,
  type OddkitError,
  type OddkitRequestError,
} from "../../src/index.js";

declare const client: OddkitClient;

describe("result entry types follow the disclosure literal", () => {
  it("catalog with blockquote has blockquote and no metadata", async () => {
    const page = await client.catalog({ disclosure: ["blockquote"] });
    const entry = page.data[0]!;
    expectTypeOf(entry.blockquote).toEqualTypeOf<string | null>();
    expectTypeOf(entry.uri).toEqualTypeOf<string>();
    expectTypeOf(entry.title).toEqualTypeOf<string>();
    expectTypeOf(entry.position).toEqualTypeOf<number>();
    expectTypeOf(entry).not.toHaveProperty("metadata");
    expectTypeOf(entry).not.toHaveProperty("summary");
    expectTypeOf(entry).not.toHaveProperty("body");
    expectTypeOf(page.total).toEqualTypeOf<number>();
    expectTypeOf(page.meta).toEqualTypeOf<ResultMeta>();
  });

  it("catalog with no disclosure has the floor and the native fields only", async () => {
    const page = await client.catalog();
    expectTypeOf(page.data[0]!).toHaveProperty("position");
    expectTypeOf(page.data[0]!).not.toHaveProperty("blockquote");
    const empty = await client.catalog({ disclosure: [] });
    expectTypeOf(empty.data[0]!).not.toHaveProperty("metadata");
  });

  it("several flags give the union of their fields", async () => {
    const page = await client.search({ query: "x", disclosure: ["metadata", "summary"] });
    const entry = page.data[0]!;
    expectTypeOf(entry.metadata).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(entry.summary).toEqualTypeOf<string | null>();
    expectTypeOf(entry.score).toEqualTypeOf<number>();
    expectTypeOf(entry.snippet).toEqualTypeOf<string>();
    expectTypeOf(entry).not.toHaveProperty("blockquote");
  });

  it("get defaults to body; an explicit disclosure replaces the default", async () => {
    const doc = await client.get({ uri: "klappy://x" });
    expectTypeOf(doc.data.body).toEqualTypeOf<string>();
    expectTypeOf(doc.data.content_hash).toEqualTypeOf<string>();
    const meta = await client.get({ uri: "klappy://x", disclosure: ["metadata"] });
    expectTypeOf(meta.data.metadata).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(meta.data).not.toHaveProperty("body");
    const resolved = await client.resolve({ uri: "klappy://x" });
    expectTypeOf(resolved.data.supersession_chain).toEqualTypeOf<{ uri: string; superseded_at?: string }[]>();
  });

  it("legacy fields of the deprecation window are optional unknowns; contract names keep their types", async () => {
    const page = await client.catalog({ include_legacy_envelope: true, sort_by: "path" });
    expectTypeOf(page.articles).toEqualTypeOf<unknown>();
    expectTypeOf(page.categories).toEqualTypeOf<unknown>();
    expectTypeOf(page.total).toEqualTypeOf<number>();
    const hits = await client.search({ query: "x" });
    expectTypeOf(hits.hits).toEqualTypeOf<unknown>();
    // @ts-expect-error not a legacy field of search
    hits.articles;
  });

  it("preflight entries carry their role", async () => {
    const bundle = await client.preflight({ task: "write an essay" });
    expectTypeOf(bundle.data[0]!.role).toEqualTypeOf<
      "relevant" | "start_here" | "constraint" | "definition_of_done"
    >();
  });

  it("paginate yields entries typed by the disclosure", async () => {
    for await (const entry of client.paginate("catalog", { disclosure: ["summary"] })) {
      expectTypeOf(entry.summary).toEqualTypeOf<string | null>();
      expectTypeOf(entry).not.toHaveProperty("metadata");
    }
  });
});

describe("parameters are checked at compile time", () => {
  it("refuses flags an action does not permit, and unknown or misnamed parameters", () => {
    // @ts-expect-error body is not permitted on catalog
    client.catalog({ disclosure: ["body"] });
    // @ts-expect-error search takes `query`, not `input`
    client.search({ input: "x" });
    // @ts-expect-error get needs a uri
    client.get({});
    // @ts-expect-error filters are for query-shaped actions only
    client.get({ uri: "klappy://x", audience: "public" });
    // @ts-expect-error not a flag at all
    client.search({ query: "x", disclosure: ["everything"] });
    // @ts-expect-error get is not a multi-result action
    client.paginate("get", { uri: "klappy://x" });
    client.catalog({ audience: ["public"], exposure: "public", tier: [1, 2], limit: 100 });
  });

  it("accepts the global fetch or a Web handler as fetch", () => {
    createOddkitClient({ url: "https://x/mcp", fetch });
    createOddkitClient({
      url: "https://x/mcp",
      fetch: async (request: Request) => new Response(request.url),
    });
  });

  it("options require a url or a server", () => {
    expectTypeOf(createOddkitClient).parameter(0).toHaveProperty("url");
    expectTypeOf(createOddkitClient).parameter(0).toHaveProperty("server");
    expectTypeOf<OddkitRequestError>().toMatchTypeOf<OddkitError>();
  });
});
