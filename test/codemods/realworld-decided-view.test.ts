/**
 * The decided view (realworld/decided-view.ts), one transform at a time,
 * against the two reference servers over the bundled corpus. Each expectation
 * is computed independently of the transform: from the corpus documents, the
 * contract server's own answers, or the legacy server's own pages.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { glob } from "tinyglobby";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DECISIONS, parseDecide } from "../../codemods/migrate/decisions.js";
import { legacyCategories } from "../../src/legacy/catalog.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import {
  createDecidedLegacyServer,
  DECIDED_TRANSFORMS,
  DecidedWorld,
  decideToolResult,
} from "./realworld/decided-view.js";
import { CORPUS_DIR } from "./realworld/manifest.js";

// biome-ignore lint/suspicious/noExplicitAny: the answers are JSON read field by field in the assertions
type Json = Record<string, any>;
let legacy: ReferenceServer;
let contract: ReferenceServer;
let world: DecidedWorld;

beforeAll(async () => {
  legacy = await createReferenceServer({ mode: "legacy", legacyRanking: "reference" });
  contract = await createReferenceServer({ mode: "contract" });
  world = new DecidedWorld(legacy, contract);
}, 120_000);
afterAll(async () => {
  await Promise.all([legacy.close(), contract.close()]);
});

const resultOf = async (server: ReferenceServer, name: string, args: Json): Promise<Json> =>
  JSON.parse((await server.callTool(name, args)).content[0]!.text).result;

/** The legacy answer to a call, then under `decide` (a --decide value). */
async function decided(decide: string, name: string, args: Json): Promise<{ before: Json; after: Json }> {
  const reply = await legacy.callTool(name, args);
  const after = await decideToolResult(name, args, reply, parseDecide(decide), world);
  return {
    before: JSON.parse(reply.content[0]!.text).result,
    after: JSON.parse(after.content[0]!.text).result,
  };
}

/** The legacy path listing, all pages, straight from the legacy server. */
async function legacyPages(args: Json): Promise<Json[]> {
  const all: Json[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await resultOf(legacy, "oddkit_catalog", { ...args, limit: 500, offset });
    all.push(...page.articles);
    if (!page.pagination.has_more) return all;
  }
}

const klappyPath = (uri: string) => (uri.startsWith("klappy://") ? `${uri.slice(9)}.md` : uri);

describe("the decided view's table", () => {
  it("has a transform for every value of every decision", () => {
    for (const d of Object.values(DECISIONS))
      expect(Object.keys(DECIDED_TRANSFORMS[d.name]).sort(), d.name).toEqual(
        d.values.map((v) => v.value).sort(),
      );
  });
});

describe("paths=uri", () => {
  it("changes exactly the paths of documents whose URI does not name their path", async () => {
    const { before, after } = await decided("paths=uri", "oddkit_catalog", { sort_by: "path", limit: 500 });
    const changed = after.articles.filter((a: Json, i: number) => a.path !== before.articles[i].path);
    // Independently: the corpus documents whose URI is not klappy://<path without .md>.
    const expected = legacy.corpus.documents
      .filter((d) => d.uri !== `klappy://${d.path.replace(/\.md$/, "")}`)
      .map((d) => d.uri);
    const listed = new Set(before.articles.map((a: Json) => a.uri));
    expect(expected.filter((u) => listed.has(u)).length).toBeGreaterThan(0);
    expect(changed.map((a: Json) => a.uri).sort()).toEqual(expected.filter((u) => listed.has(u)).sort());
    for (const a of after.articles) expect(a.path).toBe(klappyPath(a.uri));
  });

  it("derives get's path from the URI the contract gives the requested document", async () => {
    const odd = legacy.corpus.documents.find((d) => !d.uri.startsWith("klappy://"))!;
    const { before, after } = await decided("paths=uri", "oddkit_get", { input: odd.path });
    expect(before.path).toBe(odd.path);
    expect(after.path).toBe(odd.uri);
    expect(after.content).toBe(before.content);
  });

  it("derives search hits' paths and the evidence citations that name them", async () => {
    const { after } = await decided("paths=uri", "oddkit_search", { input: "contract tests frontmatter" });
    expect(after.hits.length).toBeGreaterThan(0);
    for (const h of after.hits) expect(h.path).toBe(klappyPath(h.uri));
    for (const e of after.evidence) {
      const hit = after.hits.find((h: Json) => e.citation.startsWith(`${h.path}#`));
      expect(hit, e.citation).toBeDefined();
    }
  });

  it("derives resolve's resolved.path", async () => {
    const { after } = await decided("paths=uri", "oddkit_resolve", {
      input: "klappy://canon/principles/disclosure-v1",
    });
    expect(after.resolved.path).toBe(klappyPath(after.resolved.uri));
  });

  it("moves no document out of a prefix the corpus tests (where a path_prefix filter would keep it)", async () => {
    // paths=uri derives a path from the URI, while a prefix test rewritten as a path_prefix server
    // filter still selects by the file's path: for a document whose URI does not name its path the
    // two disagree, and the decided view would call a correct rewrite different. No corpus file may
    // test a prefix holding such a document until the view can tell the two reads apart.
    const prefixes = new Set<string>();
    for (const file of await glob("**/*.{ts,tsx,js,mjs,cjs}", { cwd: CORPUS_DIR }))
      for (const m of readFileSync(join(CORPUS_DIR, file), "utf8").matchAll(/path\.startsWith\("([^"]+)"\)/g))
        prefixes.add(m[1]!);
    expect(prefixes.size).toBeGreaterThan(0);
    const moved = legacy.corpus.documents.filter((d) => d.uri !== `klappy://${d.path.replace(/\.md$/, "")}`);
    const caught = (tested: Iterable<string>) =>
      [...tested].flatMap((p) =>
        moved
          .filter((d) => d.path.startsWith(p) && !klappyPath(d.uri).startsWith(p))
          .map((d) => `${p}: ${d.path}`),
      );
    expect(caught(prefixes)).toEqual([]);
    // The check sees such a prefix: the moved documents live under canon/.
    expect(caught(["canon/"]).length).toBe(moved.length);
  });
});

describe("listings=complete", () => {
  it("lists every document a cut path listing matches, as one complete page", async () => {
    const { before, after } = await decided("listings=complete", "oddkit_catalog", {
      sort_by: "path",
      limit: 500,
    });
    expect(before.pagination.has_more).toBe(true);
    const every = await legacyPages({ sort_by: "path" });
    expect(after.articles).toEqual(every);
    expect(after.articles.length).toBe(before.total);
    expect(after.pagination).toEqual({
      offset: 0,
      limit: 500,
      total_candidates: every.length,
      has_more: false,
    });
  });

  it("keeps the offset asked and lists the rest", async () => {
    const { after } = await decided("listings=complete", "oddkit_catalog", {
      sort_by: "path",
      limit: 10,
      offset: 20,
    });
    expect(after.articles).toEqual((await legacyPages({ sort_by: "path" })).slice(20));
    expect(after.pagination.offset).toBe(20);
    expect(after.pagination.limit).toBe(10);
  });

  it("adds the documents the date listing never held after the dated ones, in the contract's order", async () => {
    const { before, after } = await decided("listings=complete", "oddkit_catalog", {
      sort_by: "date",
      limit: 500,
      include_metadata: true,
    });
    const dated = await legacyPages({ sort_by: "date" });
    const index = await legacyPages({ sort_by: "path" });
    const cut = index.filter((a) => !before.articles.some((b: Json) => b.uri === a.uri));
    expect(cut.length).toBeGreaterThan(0);
    expect(after.articles.slice(0, dated.length)).toEqual(dated);
    const added = after.articles.slice(dated.length);
    expect(added.length).toBe(index.length - dated.length);
    // The added ones are the index documents without frontmatter, in the contract's date order.
    for (const a of added) expect(Object.keys(a.metadata)).toEqual([]);
    const contractOrder: string[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await resultOf(contract, "oddkit_catalog", {
        include: ["canon", "docs", "journals", "essays", "apocrypha"],
        sort_by: "date",
        limit: 500,
        offset,
      });
      contractOrder.push(...page.data.map((d: Json) => d.uri));
      if (offset + page.data.length >= page.total) break;
    }
    const positions = added.map((a: Json) => contractOrder.indexOf(a.uri));
    expect(positions.every((p: number) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(after.pagination.total_candidates).toBe(index.length);
  });

  it("leaves search as it was (the 5-hit cut is an explicit limit)", async () => {
    const { before, after } = await decided("listings=complete", "oddkit_search", { input: "disclosure" });
    expect(after).toEqual(before);
  });
});

describe("order", () => {
  it("resort: a path listing in the legacy (locale) order of the derived paths", async () => {
    const { after } = await decided("listings=complete,paths=uri,order=resort", "oddkit_catalog", {
      sort_by: "path",
      limit: 500,
    });
    const paths = after.articles.map((a: Json) => a.path);
    for (let i = 1; i < paths.length; i++)
      expect(
        paths[i - 1].localeCompare(paths[i], "en-US"),
        `${paths[i - 1]} before ${paths[i]}`,
      ).toBeLessThan(1);
    const unsorted = (
      await decided("listings=complete,paths=uri", "oddkit_catalog", { sort_by: "path", limit: 500 })
    ).after.articles.map((a: Json) => a.path);
    // The derived paths (odd://…, oddkit://…) sort elsewhere than their files did.
    expect(unsorted).not.toEqual(paths);
    expect([...unsorted].sort()).toEqual([...paths].sort());
  });

  it("contract: the contract's order for the same listing", async () => {
    const { after } = await decided("listings=complete,order=contract", "oddkit_catalog", {
      sort_by: "path",
      limit: 500,
    });
    const page = await resultOf(contract, "oddkit_catalog", {
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
      limit: 500,
    });
    const contractOrder: string[] = page.data.map((d: Json) => d.uri);
    const ours = after.articles.map((a: Json) => a.uri).filter((u: string) => contractOrder.includes(u));
    expect(ours).toEqual(contractOrder.filter((u) => ours.includes(u)));
  });
});

describe("content, hash, errors", () => {
  const uri = "klappy://canon/principles/disclosure-v2";

  it("content=body: get's content is the contract's body (the legacy content minus its frontmatter)", async () => {
    const { before, after } = await decided("content=body", "oddkit", { action: "get", input: uri });
    const body = (await resultOf(contract, "oddkit_get", { input: uri })).data.body;
    expect(after.content).toBe(body);
    expect(before.content.startsWith("---\n")).toBe(true);
    expect(before.content.endsWith(body)).toBe(true);
    expect(after.content_hash).toBe(before.content_hash);
  });

  it("hash=contract: get's and resolve's content_hash are the contract's", async () => {
    const hash = (await resultOf(contract, "oddkit_get", { input: uri })).data.content_hash;
    const got = await decided("hash=contract", "oddkit_get", { input: uri });
    expect(got.before.content_hash).not.toBe(hash);
    expect(got.after.content_hash).toBe(hash);
    expect(got.after.content).toBe(got.before.content);
    // disclosure-v2 is superseded: the hash is the one of the document it resolves to.
    const resolved = await decided("hash=contract", "oddkit_resolve", { input: uri });
    const answer = await resultOf(contract, "oddkit_resolve", { input: uri });
    expect(resolved.after.resolved.uri).toBe(answer.data.uri);
    expect(resolved.after.resolved.content_hash).toBe(answer.data.content_hash);
    expect(resolved.before.resolved.content_hash).not.toBe(answer.data.content_hash);
  });

  it("errors=contract: a get miss carries the contract's error message, its path kept", async () => {
    const input = "klappy://writings/no-such-essay";
    const { before, after } = await decided("errors=contract", "oddkit_get", { input });
    const miss = await resultOf(contract, "oddkit_get", { input });
    expect(after).toEqual({ error: miss.error_message, path: before.path });
    expect(after.error).not.toBe(before.error);
  });

  it("errors=contract: resolve's status is the contract's (a dangling supersession is an error)", async () => {
    const input = "klappy://docs/reference/legacy-envelope";
    const { before, after } = await decided("errors=contract", "oddkit_resolve", { input });
    const answer = await resultOf(contract, "oddkit_resolve", { input });
    expect(before.status).toBe("FOUND");
    expect(after.status).toBe(answer.status);
    expect(after.status).not.toBe("FOUND");
    expect(after.warning).toBe(answer.error_message);
    const found = await decided("errors=contract", "oddkit_resolve", {
      input: "klappy://canon/principles/disclosure-v1",
    });
    expect(found.after).toEqual(found.before);
  });
});

describe("rollups", () => {
  it("compute: start_here is the start_here: true listing as legacy paths; categories as legacy computed them", async () => {
    const { before, after } = await decided("rollups=compute", "oddkit_catalog", {});
    const page = await resultOf(contract, "oddkit_catalog", {
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
      start_here: true,
      limit: 500,
    });
    const index = await legacyPages({ sort_by: "path" });
    const pathOf = new Map(index.map((a) => [a.uri, a.path]));
    expect(after.start_here).toEqual(page.data.map((d: Json) => pathOf.get(d.uri) ?? klappyPath(d.uri)));
    expect(after.start_here).not.toEqual(before.start_here);
    // Legacy's categories roll up every indexed document, not a page: computed the legacy way over the
    // complete listing, in the contract's order, from the contract's metadata (what the rewrite reads).
    const listed: Json[] = [];
    for (let offset = 0; ; ) {
      const next = await resultOf(contract, "oddkit_catalog", {
        include: ["canon", "docs", "journals", "essays", "apocrypha"],
        disclosure: ["metadata"],
        limit: 100,
        offset,
      });
      listed.push(...next.data);
      offset += next.data.length;
      if (next.data.length === 0 || offset >= next.total) break;
    }
    expect(after.categories).toEqual([
      ...legacyCategories(listed.map((d: Json) => ({ frontmatter: d.metadata ?? {} }))).keys(),
    ]);
    expect(new Set(after.categories as string[]).size).toBeGreaterThan(0);
    expect(before.categories).toEqual(expect.any(Array));
  });

  it("compute with paths=uri: the start_here items are derived paths", async () => {
    const { after } = await decided("rollups=compute,paths=uri", "oddkit_catalog", {});
    const page = await resultOf(contract, "oddkit_catalog", {
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
      start_here: true,
      limit: 500,
    });
    expect(after.start_here).toEqual(page.data.map((d: Json) => klappyPath(d.uri)));
  });

  it("remove: no rollups", async () => {
    const { before, after } = await decided("rollups=remove", "oddkit_catalog", {});
    expect("start_here" in after || "categories" in after).toBe(false);
    expect(after.total).toBe(before.total);
  });
});

describe("the decided legacy server", () => {
  it.each([
    ["SSE", false],
    ["JSON", true],
  ])("answers MCP sessions (%s bodies) as it answers callTool", async (kind, jsonResponse) => {
    const base = jsonResponse
      ? await createReferenceServer({ mode: "legacy", legacyRanking: "reference", jsonResponse })
      : legacy;
    const server = createDecidedLegacyServer(base, contract, parseDecide("recommended"));
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const post = (body: unknown, extra: Record<string, string> = {}) =>
      server.fetch(
        new Request("http://oddkit.local/mcp", {
          method: "POST",
          headers: { ...headers, ...extra },
          body: JSON.stringify(body),
        }),
      );
    const init = await post({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const session = init.headers.get("mcp-session-id")!;
    await init.text();
    await (
      await post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-session-id": session })
    ).text();
    const args = { input: "klappy://writings/no-such-essay" };
    const reply = await post(
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "oddkit_get", arguments: args } },
      { "mcp-session-id": session },
    );
    expect(reply.headers.get("content-type")).toContain(kind === "SSE" ? "text/event-stream" : "json");
    const text = await reply.text();
    const data = text.split("\n").filter((l) => l.startsWith("data:"));
    const message = JSON.parse(kind === "SSE" ? data[data.length - 1]!.slice(5) : text);
    const viaSession = JSON.parse(message.result.content[0].text).result;
    const direct = JSON.parse((await server.callTool("oddkit_get", args)).content[0]!.text).result;
    expect(viaSession).toEqual(direct);
    expect(viaSession.error).toBe((await resultOf(contract, "oddkit_get", args)).error_message);
    if (base !== legacy) await base.close();
  });
});
