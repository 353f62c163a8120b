import { describe, expectTypeOf, it } from "vitest";
import type { OddkitClient } from "../../src/client/types.js";
import {
  getCanonGovernanceIndex,
  getEssayPage,
  getEssaysIndex,
  getNotebook,
  getSitemap,
  globalSearch,
} from "../../src/index.js";

declare const client: OddkitClient;

describe("helper result types follow each row's disclosure literal", () => {
  it("getEssaysIndex entries carry blockquote, not metadata or body", async () => {
    const { data, total } = await getEssaysIndex(client);
    expectTypeOf(total).toBeNumber();
    expectTypeOf(data[0]!.blockquote).toEqualTypeOf<string | null>();
    expectTypeOf(data[0]!.position).toBeNumber();
    expectTypeOf(data[0]!).not.toHaveProperty("metadata");
    expectTypeOf(data[0]!).not.toHaveProperty("body");
  });

  it("getCanonGovernanceIndex entries carry the whole frontmatter", async () => {
    const { data } = await getCanonGovernanceIndex(client);
    expectTypeOf(data[0]!.metadata).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(data[0]!).not.toHaveProperty("blockquote");
  });

  it("globalSearch hits carry score and snippet beside blockquote and metadata", async () => {
    const { data } = await globalSearch(client, "query");
    expectTypeOf(data[0]!.score).toBeNumber();
    expectTypeOf(data[0]!.snippet).toBeString();
    expectTypeOf(data[0]!).toHaveProperty("blockquote");
    expectTypeOf(data[0]!).toHaveProperty("metadata");
    expectTypeOf(data[0]!).not.toHaveProperty("summary");
  });

  it("getEssayPage returns one entry with its body and content hash", async () => {
    const page = await getEssayPage(client, "klappy://writings/x");
    expectTypeOf(page.data.body).toBeString();
    expectTypeOf(page.data.content_hash).toBeString();
    expectTypeOf(page.meta.tokens).toEqualTypeOf<number | null>();
  });

  it("getSitemap returns every entry at the floor only", async () => {
    const { data } = await getSitemap(client);
    expectTypeOf(data[0]!.uri).toBeString();
    expectTypeOf(data[0]!).not.toHaveProperty("blockquote");
  });
});

describe("helpers take extra disclosure, and the result type follows", () => {
  it("getEssayPage with body and metadata returns both", async () => {
    const page = await getEssayPage(client, "klappy://writings/x", { disclosure: ["body", "metadata"] });
    expectTypeOf(page.data.body).toBeString();
    expectTypeOf(page.data.metadata).toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf(page.data).not.toHaveProperty("summary");
  });

  it("a listing widened with metadata carries blockquote and metadata", async () => {
    const { data } = await getEssaysIndex(client, { disclosure: ["metadata"] });
    expectTypeOf(data[0]!.blockquote).toEqualTypeOf<string | null>();
    expectTypeOf(data[0]!.metadata).toEqualTypeOf<Record<string, unknown>>();
  });

  it("without extra disclosure the row's own type stands", async () => {
    const page = await getEssayPage(client, "klappy://writings/x");
    expectTypeOf(page.data).not.toHaveProperty("metadata");
  });
});

describe("helper parameters", () => {
  it("require the row's input and accept other request parameters as overrides", () => {
    void getNotebook(client, ["writings/", "docs/"]);
    // @ts-expect-error the notebook prefix is a string or a list of them
    void getNotebook(client, 42);
    // @ts-expect-error the notebook prefix is required
    void getNotebook(client);
    // @ts-expect-error a query is required
    void globalSearch(client);
    void getEssaysIndex(client, { exposure: ["public", "nav"], sort_by: "date" });
    // @ts-expect-error a whole listing has no offset
    void getEssaysIndex(client, { offset: 100 });
    // @ts-expect-error catalog does not permit body
    void getEssaysIndex(client, { disclosure: ["body"] });
    // @ts-expect-error get takes a URI, not filters
    void getEssayPage(client, "klappy://x", { audience: "public" });
    // @ts-expect-error the sitemap pages itself
    void getSitemap(client, { limit: 10 });
    void getSitemap(client, { sort_by: "path" }, { maxEntries: 10_000 });
  });
});
