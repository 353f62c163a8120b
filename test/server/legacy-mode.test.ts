/**
 * Legacy mode answers the 0.28.x envelopes, field by field,
 * through the official SDK client over the in-memory transport.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_INDEXED_FOLDERS, legacyContentHash } from "../../src/legacy/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { LEGACY_CATALOG_SUMMARY_FIELDS, LEGACY_TOOL_NAMES } from "../support/legacy-surface.js";
import { fixtureCorpus } from "./fixture-corpus.js";
import { envelopeOf } from "./helpers.js";

let server: ReferenceServer;
let client: Client;
/** Documents the 0.28.x index holds: those under canon/, odd/, docs/, writings/. */
let indexed: number;

beforeAll(async () => {
  server = await createReferenceServer({ corpus: fixtureCorpus(), mode: "legacy" });
  client = new Client({ name: "legacy-test", version: "1.0.0" });
  await client.connect(await server.connectInMemory({ consumer: "legacy-test" }));
  indexed = server.corpus.documents.filter((d) =>
    LEGACY_INDEXED_FOLDERS.some((f) => d.path.startsWith(f)),
  ).length;
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const response = await client.callTool({ name, arguments: args });
  return { response, envelope: envelopeOf(response) };
}
const result = async (name: string, args: Record<string, unknown>) =>
  (await call(name, args)).envelope.result;

describe("legacy mode: tools and server info", () => {
  it("reports version 0.28.1 and registers the legacy tools with their 0.28.x parameters", async () => {
    expect(client.getServerVersion()).toMatchObject({ name: "oddkit", version: "0.28.1" });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(LEGACY_TOOL_NAMES);
    const catalog = tools.find((t) => t.name === "oddkit_catalog")!;
    expect(Object.keys(catalog.inputSchema.properties ?? {}).sort()).toEqual(
      ["filter_epoch", "include_full_baseline", "knowledge_base_url", "limit", "offset", "sort_by"].sort(),
    );
    expect((catalog.inputSchema.properties as Record<string, { maximum?: number }>).limit?.maximum).toBe(500);
    const search = tools.find((t) => t.name === "oddkit_search")!;
    expect(search.inputSchema.properties).not.toHaveProperty("disclosure");
    expect(search.inputSchema.properties).toHaveProperty("include_metadata");
  });

  it("every envelope is {action, result, assistant_text, debug, server_time}, stamped last as 0.28.x does", async () => {
    const { envelope } = await call("oddkit_version", {});
    expect(Object.keys(envelope)).toEqual(["action", "result", "assistant_text", "debug", "server_time"]);
    expect(envelope.result).toEqual({
      oddkit_version: "0.28.1",
      baseline_url: "memory://corpus",
      server_version: "0.28.1",
      knowledge_base_revision: server.corpus.revision,
    });
  });
});

describe("legacy catalog", () => {
  it("without sort_by: counts, every tag, start_here — and no articles", async () => {
    const r = await result("oddkit_catalog", {});
    expect(Object.keys(r)).toEqual(LEGACY_CATALOG_SUMMARY_FIELDS);
    expect(indexed).toBe(server.corpus.documents.length - 1); // public/landing.md is outside the indexed folders
    expect(r).toMatchObject({ total: indexed, canon: 0, baseline: indexed, baseline_total: indexed });
    expect(r.categories).toEqual(["other", "constraints", "caching", "performance", "meta", "essays"]);
    expect(r.start_here).toEqual(["docs/README.md", "docs/getting-started.md"]);
  });

  it("sort_by path: every document alphabetically with its whole frontmatter, 10 per page by default", async () => {
    const r = await result("oddkit_catalog", { sort_by: "path" });
    const articles = r.articles as { path: string; uri: string; title: string; metadata: object }[];
    expect(articles).toHaveLength(10);
    expect(Object.keys(articles[0]!)).toEqual(["path", "uri", "title", "metadata"]);
    const paths = server.corpus.documents
      .map((d) => d.path)
      .filter((p) => !p.startsWith("public/"))
      .sort((a, b) => a.localeCompare(b, "en-US"));
    expect(articles.map((a) => a.path)).toEqual(paths.slice(0, 10));
    expect(r.pagination).toEqual({ offset: 0, limit: 10, total_candidates: paths.length, has_more: true });
    const doc = server.corpus.byPath.get(articles[0]!.path)!;
    expect(articles[0]!.metadata).toEqual(doc.frontmatter);
    const all = await result("oddkit_catalog", { sort_by: "path", limit: 500 });
    const untitled = (all.articles as { path: string; metadata: object }[]).find(
      (a) => a.path === "writings/untitled-notes.md",
    );
    expect(untitled?.metadata).toEqual({});
    expect(all.pagination).toMatchObject({ has_more: false });
  });

  it("sort_by date keeps documents with frontmatter, newest first, undated last; filter_epoch narrows", async () => {
    const r = await result("oddkit_catalog", { sort_by: "date", limit: 500 });
    const articles = r.articles as { path: string; metadata: { date?: string } }[];
    expect(articles.map((a) => a.path)).not.toContain("writings/untitled-notes.md");
    expect(articles.slice(0, 4).map((a) => a.metadata.date)).toEqual([
      "2026-05-02",
      "2026-05-01",
      "2026-04-15",
      "2026-03-01",
    ]);
    expect(articles.slice(4).every((a) => a.metadata.date === undefined)).toBe(true);
    const epoch = await result("oddkit_catalog", { sort_by: "date", filter_epoch: "E0007" });
    expect((epoch.articles as { path: string }[]).map((a) => a.path)).toEqual([
      "canon/principles/caching.md",
    ]);
  });

  it("refuses a limit above 500 as the 0.28.x schema did", async () => {
    const { response, envelope } = await call("oddkit_catalog", { sort_by: "path", limit: 501 });
    expect(response.isError).toBe(true);
    expect(envelope.action).toBe("error");
    expect(String(envelope.result.error)).toMatch(/limit/);
  });
});

describe("legacy search", () => {
  it("FOUND: at most 5 hits {uri,path,title,tags,score,snippet,source}, evidence for the top 3", async () => {
    const r = await result("oddkit_search", { input: "caching" });
    expect(Object.keys(r)).toEqual(["status", "hits", "evidence", "docs_considered"]);
    expect(r.status).toBe("FOUND");
    expect(r.docs_considered).toBe(indexed);
    const hits = r.hits as Record<string, unknown>[];
    expect(hits.length).toBe(5);
    const tagged = hits.find((h) => h.path === "writings/on-caching.md")!;
    expect(Object.keys(tagged)).toEqual(["uri", "path", "title", "tags", "score", "snippet", "source"]);
    expect(tagged).toMatchObject({ tags: ["caching", "essays"], source: "baseline" });
    // The snippet rule: first two non-heading lines after the frontmatter, cut at 200.
    expect(tagged.snippet).toBe(
      "> An essay on why the fat catalog cost so much. Every render pulled the whole catalog. Caching fixed the symptom; the contract fixed the cause.",
    );
    const untagged = hits.find((h) => !("tags" in h));
    expect(untagged && Object.keys(untagged)).toEqual(["uri", "path", "title", "score", "snippet", "source"]);
    const evidence = r.evidence as { quote: string; citation: string; source: string }[];
    expect(evidence).toHaveLength(3);
    expect(evidence[0]).toEqual({
      quote: expect.any(String),
      citation: `${hits[0]!.path}#${hits[0]!.title}`,
      source: "baseline",
    });
  });

  it("include_metadata adds the whole frontmatter; grouped adds overlay_hits/baseline_hits", async () => {
    const r = await result("oddkit_search", { input: "essay catalog", include_metadata: true });
    const hit = (r.hits as { path: string; metadata?: object }[]).find(
      (h) => h.path === "writings/on-caching.md",
    );
    expect(hit?.metadata).toEqual(server.corpus.byPath.get("writings/on-caching.md")!.frontmatter);
    const grouped = await result("oddkit_search", { input: "caching", result_grouping: "grouped" });
    expect(grouped.overlay_hits).toEqual([]);
    expect(grouped.baseline_hits).toEqual(grouped.hits);
  });

  it("NO_MATCH: {status, docs_considered, hits: []}", async () => {
    expect(await result("oddkit_search", { input: "xylophone" })).toEqual({
      status: "NO_MATCH",
      docs_considered: indexed,
      hits: [],
    });
  });
});

describe("legacy get", () => {
  it("returns {path, content, content_hash} with the whole file; metadata on request", async () => {
    const doc = server.corpus.byPath.get("docs/new-guide.md")!;
    for (const input of ["klappy://docs/new-guide", "docs/new-guide", "docs/new-guide.md"]) {
      expect(await result("oddkit_get", { input })).toEqual({
        path: "docs/new-guide.md",
        content: doc.raw,
        // 0.28.x's 31-bit string hash in base 36, not the contract's sha256
        content_hash: legacyContentHash(doc.raw),
      });
    }
    const withMeta = await result("oddkit", {
      action: "get",
      input: "klappy://docs/new-guide",
      include_metadata: true,
    });
    expect(withMeta.metadata).toEqual(doc.frontmatter);
  });

  it("section form, and the not-found forms", async () => {
    const r = await result("oddkit_get", { input: "klappy://canon/principles/caching", section: "Summary" });
    expect(Object.keys(r)).toEqual(["path", "section", "content", "content_hash"]);
    expect(r.content).toBe("## Summary\n\nCache fetches and parses; choose the TTL from the update tempo.\n");
    expect(await result("oddkit_get", { input: "klappy://nope" })).toEqual({
      error: "Document not found: klappy://nope",
      path: "nope.md",
    });
    expect(await result("oddkit_get", { input: "klappy://docs/new-guide", section: "Missing" })).toEqual({
      error: 'Section not found: "Missing"',
      path: "docs/new-guide.md",
      requested_section: "Missing",
      available_sections: [],
    });
  });
});

describe("legacy resolve", () => {
  it("FOUND with resolved {uri,path,title,url,content_hash} and the chain walked", async () => {
    const target = server.corpus.byPath.get("docs/new-guide.md")!;
    expect(await result("oddkit_resolve", { input: "klappy://docs/old-guide" })).toEqual({
      status: "FOUND",
      input_uri: "klappy://docs/old-guide",
      resolved: {
        uri: target.uri,
        path: target.path,
        title: target.title,
        url: "/docs/new-guide",
        content_hash: legacyContentHash(target.raw),
      },
      supersession_chain: [
        { uri: "klappy://docs/old-guide", superseded_at: "2026-01-10" },
        { uri: "klappy://docs/middle-guide" },
      ],
    });
  });

  it("NOT_FOUND, CIRCULAR_SUPERSESSION, INVALID_INPUT and the dangling warning", async () => {
    expect(await result("oddkit_resolve", { input: "klappy://nope" })).toEqual({
      status: "NOT_FOUND",
      input_uri: "klappy://nope",
    });
    expect(await result("oddkit_resolve", { input: "klappy://docs/loop-a" })).toEqual({
      status: "CIRCULAR_SUPERSESSION",
      input_uri: "klappy://docs/loop-a",
      supersession_chain: [
        { uri: "klappy://docs/loop-a" },
        { uri: "klappy://docs/loop-b" },
        { uri: "klappy://docs/loop-a" },
      ],
      message: "superseded_by chain cycles",
    });
    expect(await result("oddkit_resolve", { input: "docs/new-guide" })).toEqual({
      status: "INVALID_INPUT",
      error: "input must be a klappy:// URI",
    });
    const dangling = await result("oddkit_resolve", { input: "klappy://docs/dangling" });
    expect(dangling).toMatchObject({ status: "FOUND", supersession_chain: [] });
    expect(String(dangling.warning)).toMatch(/docs\/missing-successor/);
  });
});

describe("legacy preflight and errors", () => {
  it("returns {topic, start_here, dod, constraints, docs_available}", async () => {
    expect(await result("oddkit_preflight", { input: "preflight: cache the catalog" })).toEqual({
      topic: "cache the catalog",
      start_here: [
        "canon/principles/caching.md",
        "odd/handoffs/2026-05-01-session.md",
        "writings/on-caching.md",
      ],
      dod: "canon/definition-of-done.md",
      constraints: ["canon/constraints/no-silent-truncation.md"],
      docs_available: indexed,
    });
  });

  it("an unknown action answers action 'error' with result.error", async () => {
    const { envelope } = await call("oddkit", { action: "dance", input: "x" });
    expect(envelope.action).toBe("error");
    expect(String(envelope.result.error)).toMatch(/^Unknown action: dance\. Valid: orient, challenge/);
  });
});
