/**
 * Reads a migration decision lifts (codemods/migrate/decided-reads.ts): with
 * the decision taken they are rewritten and the call leaves the legacy
 * envelope; without it they stay flagged, as before. Behaviour is run, not
 * read: the original consumer against a legacy server, the migrated one
 * against a contract server, and the only differences are the decided ones,
 * computed here from the two servers independently of the rewrite.
 */
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PATH_OF_URI, pathOfUriSource } from "../../codemods/migrate/added-functions.js";
import { parseDecide } from "../../codemods/migrate/decisions.js";
import type { Site } from "../../codemods/migrate/detect/index.js";
import { checkSites, withTakenDecision } from "../../codemods/migrate/engine.js";
import { FLAG_CAPS, KINDS, NO_FLAG_CAP, pathForKlappyUri } from "../../src/contract/index.js";
import { cwd, everyEntry, migrate, run as runOn, useServers } from "./decided-harness.js";

/** A consumer module calling oddkit over JSON-RPC through `fetch` (plain JS: it runs as written). */
const consumer = (body: string) => `const URL_ = "https://oddkit.example/mcp";
async function tool(name, args) {
  const res = await fetch(URL_, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}
${body}
`;

const ARTICLE = consumer(`export async function article(uri) {
  const doc = await tool("oddkit_get", { input: uri });
  if (doc.error) return { missing: doc.error };
  return { markdown: doc.content, hash: doc.content_hash, source: doc.path };
}`);

const CANONICAL = consumer(`export async function canonical(uri) {
  const r = await tool("oddkit_resolve", { input: uri });
  if (r.status !== "FOUND") return null;
  return { uri: r.resolved.uri, hash: r.resolved.content_hash };
}`);

const servers = useServers();
const run = (text: string, target: "legacy" | "contract", fn: string, arg: string) =>
  runOn(text, servers[target], fn, arg);

async function contractDoc(uri: string) {
  const answer = await servers.contract.callTool("oddkit_get", { input: uri });
  return JSON.parse((answer.content[0] as { text: string }).text).result;
}

const recommended = parseDecide("recommended");
const DOC = "klappy://canon/constraints/constraint-backlog-before-step-the-subtle-task";

describe("get: content, content_hash, path and error under their decisions", () => {
  it("without the decisions the call stays on the legacy envelope, each read flagged", () => {
    const out = migrate(ARTICLE, {});
    expect(out).toContain("include_legacy_envelope: true");
    expect(out).toMatch(/TODO\(oddkit-migrate\): [^\n]*\n\s*\/\/ {3}reads waiting with it:/);
    expect(out).toMatch(/\/\/ {3}- result\.content \(line \d+\): /);
  });

  it("with them the call is a contract call and every read moves", () => {
    const out = migrate(ARTICLE, recommended);
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    expect(out).toContain('if (doc.status !== "FOUND") return { missing: doc.error_message };');
    expect(out).toContain(
      `return { markdown: doc.data.body, hash: doc.data.content_hash, source: ${PATH_OF_URI}(doc.data.uri) };`,
    );
  });

  it("a taken decision that lifts only some reads leaves the call flagged", () => {
    const out = migrate(ARTICLE, parseDecide("content=body,hash=contract"));
    expect(out).toContain("include_legacy_envelope: true");
    expect(out).toMatch(/\/\/ {3}- result\.path \(line \d+\): /);
    // The taken decision is not named as what would lift its reads: the marker says what blocks them.
    expect(out).not.toMatch(/lifted by `--decide content=body`/);
    expect(out).toMatch(
      /- result\.content \(line \d+\): [^\n]*`--decide content=body` is taken and lifts it; the call stays on the legacy envelope for another of its reads/,
    );
    expect(out).toMatch(/- result\.path \(line \d+\): lifted by `--decide paths=uri`/);
  });

  it("runs: the found document differs only by its body, contract hash and derived path", async () => {
    const before = (await run(ARTICLE, "legacy", "article", DOC)) as Record<string, string>;
    const after = (await run(migrate(ARTICLE, recommended), "contract", "article", DOC)) as Record<
      string,
      string
    >;
    const doc = await contractDoc(DOC);
    expect(after).toEqual({
      markdown: doc.data.body,
      hash: doc.data.content_hash,
      source: pathForKlappyUri(DOC),
    });
    // What the decisions change: the frontmatter is gone from the text, the hash is the contract's.
    expect(before.markdown).not.toBe(after.markdown);
    expect(
      before.markdown?.endsWith(doc.data.body.trimStart()) || before.markdown?.includes(doc.data.body.trim()),
    ).toBe(true);
    expect(before.source).toBe(after.source); // this document's URI names its path
  });

  it("runs: a missing document answers the contract's error message", async () => {
    const missing = "klappy://no/such/document";
    const after = await run(migrate(ARTICLE, recommended), "contract", "article", missing);
    expect(after).toEqual({ missing: (await contractDoc(missing)).error_message });
  });

  it("a second run changes nothing and --check finds no open site", () => {
    const once = migrate(ARTICLE, recommended);
    expect(migrate(once, recommended)).toBe(once);
    expect(migrate(once, {})).toBe(once);
    const file = join(cwd, "checked.mjs");
    const open = checkSites(cwd, new Map([[file, once]])).filter((s) => s.status === "unmigrated");
    expect(open).toEqual([]);
  });
});

const PREVIEW = consumer(`export async function preview(uri) {
  const doc = await tool("oddkit_get", { input: uri, include_metadata: true });
  return { title: doc.metadata?.title ?? null, words: doc.content.split(/\\s+/).length };
}`);

describe("get: the frontmatter under frontmatter=contract", () => {
  it("without the decision the metadata read waits on it, named in the marker", () => {
    const out = migrate(PREVIEW, parseDecide("content=body"));
    expect(out).toContain("include_legacy_envelope: true");
    expect(out).toMatch(/- result\.metadata \(line \d+\): lifted by `--decide frontmatter=contract`/);
  });

  it("runs: the title is the document's frontmatter title, read from data.metadata", async () => {
    const out = migrate(PREVIEW, recommended);
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).toContain("doc.data.metadata?.title");
    const before = (await run(PREVIEW, "legacy", "preview", DOC)) as { title: unknown };
    const after = (await run(out, "contract", "preview", DOC)) as { title: unknown };
    const answer = await servers.contract.callTool("oddkit_get", { input: DOC, disclosure: ["metadata"] });
    const doc = JSON.parse((answer.content[0] as { text: string }).text).result;
    expect(after.title).toEqual(expect.any(String));
    expect(after.title).toBe(doc.data.metadata.title);
    expect(after.title).toBe(before.title);
  });
});

describe("search: a path read through a callback typed inline by the legacy hit", () => {
  const PALETTE = `const URL_ = "https://oddkit.example/mcp";
export async function palette(query: string) {
  const res = await fetch(URL_, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_search", arguments: { input: query } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.hits.map((hit: { path: string; title: string }) => ({ id: hit.path, title: hit.title }));
}
`;
  it("under paths=uri the annotation names the uri the path is derived from, and the call leaves the envelope", () => {
    const out = migrate(PALETTE, recommended, "palette.ts");
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    expect(out).toContain(
      `(hit: { uri: string; title: string }) => ({ id: ${PATH_OF_URI}(hit.uri), title: hit.title })`,
    );
  });
  it("without the decision it stays flagged", () => {
    expect(migrate(PALETTE, {}, "palette.ts")).toContain("include_legacy_envelope: true");
  });
});

describe("resolve: status and the resolved hash under errors and hash", () => {
  it("the status read is kept as written and noted with its decision; resolved becomes data", () => {
    const out = migrate(CANONICAL, recommended);
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).toContain("// oddkit-migrate-reviewed: errors=contract:");
    expect(out).toContain("return { uri: r.data.uri, hash: r.data.content_hash };");
    expect(migrate(out, recommended)).toBe(out);
  });

  it("runs: same URI, the contract's hash", async () => {
    const before = (await run(CANONICAL, "legacy", "canonical", DOC)) as Record<string, string>;
    const after = (await run(migrate(CANONICAL, recommended), "contract", "canonical", DOC)) as Record<
      string,
      string
    >;
    expect(after.uri).toBe(before.uri);
    expect(after.hash).toBe((await contractDoc(DOC)).data.content_hash);
    expect(await run(migrate(CANONICAL, recommended), "contract", "canonical", "klappy://nope")).toBeNull();
  });
});

describe("the path-from-URI function a paths=uri rewrite adds", () => {
  const derive = new Function("uri", `${pathOfUriSource(false)}\nreturn ${PATH_OF_URI}(uri);`) as (
    uri: string,
  ) => string;

  it("is the contract's pathForKlappyUri (a non-klappy URI is kept as it is)", () => {
    const segment = fc.stringMatching(/^[a-z0-9._#?-]{0,12}$/);
    const uri = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `klappy://${s.join("/")}`),
      fc.string(),
      fc.constantFrom("klappy://", "klappy://a.md", "klappy://a#b", "klappy://a?x=1", "odd://x"),
    );
    fc.assert(fc.property(uri, (u) => derive(u) === (pathForKlappyUri(u) ?? u)));
  });
});

const SITEMAP = consumer(`export async function sitemap() {
  const catalog = await tool("oddkit_catalog", { sort_by: "path", limit: 500 });
  return catalog.articles.map((a) => a.path);
}`);

const PUBLIC_ESSAYS = consumer(`export async function essays() {
  const { articles } = await tool("oddkit_catalog", { sort_by: "date", limit: 500, include_metadata: true });
  return articles.filter((a) => a.metadata.exposure === "public").map((a) => a.uri);
}`);

/** A raw fetch parsed by the statements after it, the list destructured beside the code using it. */
const INLINE_SITEMAP = `export async function sitemap() {
  const res = await fetch("https://oddkit.example/mcp", {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "path", limit: 500 } } }),
  });
  if (!res.ok) throw new Error(String(res.status));
  const rpc = await res.json();
  const { articles } = JSON.parse(rpc.result.content[0].text).result;
  return articles.map((a) => a.path);
}
`;

describe("catalog listings under listings=complete", () => {
  const KINDS_ALL = [...KINDS];

  it("without the decision the fat catalog stays on the legacy envelope", () => {
    expect(migrate(SITEMAP, parseDecide("paths=uri,order=resort"))).toContain(
      "include_legacy_envelope: true",
    );
  });

  it("order=resort: every document, in 0.28.x's locale order of the path each URI names", async () => {
    const out = migrate(SITEMAP, recommended);
    expect(out).toContain("oddkitEveryPage((offset) => tool(");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    const after = (await run(out, "contract", "sitemap", "")) as string[];
    const every = await everyEntry(
      servers.contract,
      { sort_by: "path", limit: 500, include: KINDS_ALL },
      "data",
    );
    const expected = every
      .map((e) => pathForKlappyUri(e.uri) ?? e.uri)
      .sort((a, b) => a.localeCompare(b, "en-US"));
    expect(after).toEqual(expected);
    // The legacy cut listed 500 of them.
    expect(((await run(SITEMAP, "legacy", "sitemap", "")) as string[]).length).toBe(500);
    expect(after.length).toBeGreaterThan(500);
  });

  it("a raw fetch parsed inline: the statements from the fetch to the parse are the page", async () => {
    const out = migrate(INLINE_SITEMAP, recommended, "inline-sitemap.mjs");
    expect(out).toContain("const { data: articles } = (await oddkitEveryPage(async (offset) => {");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    const after = (await run(out, "contract", "sitemap", "")) as string[];
    const every = await everyEntry(
      servers.contract,
      { sort_by: "path", limit: 500, include: KINDS_ALL },
      "data",
    );
    expect(after).toEqual(
      every.map((e) => pathForKlappyUri(e.uri) ?? e.uri).sort((a, b) => a.localeCompare(b, "en-US")),
    );
    expect(migrate(out, recommended, "inline-sitemap.mjs")).toBe(out);
  });

  it("order=contract: every document in the contract's order", async () => {
    const out = migrate(SITEMAP, parseDecide("recommended,order=contract"));
    expect(out).not.toContain(", oddkitPathOfUri)"); // no re-sort asked
    const after = (await run(out, "contract", "sitemap", "")) as string[];
    const every = await everyEntry(
      servers.contract,
      { sort_by: "path", limit: 500, include: KINDS_ALL },
      "data",
    );
    expect(after).toEqual(every.map((e) => pathForKlappyUri(e.uri) ?? e.uri));
  });

  it("a client filter over metadata is kept (it now sees every document) and noted with its decision", async () => {
    const out = migrate(PUBLIC_ESSAYS, recommended);
    expect(out).toContain("// oddkit-migrate-reviewed: listings=complete: this filter sees every document");
    expect(out).toContain('disclosure: ["metadata"]');
    expect(out).toContain(`limit: ${FLAG_CAPS.metadata}`);
    const after = (await run(out, "contract", "essays", "")) as string[];
    const every = await everyEntry(
      servers.contract,
      { sort_by: "date", limit: FLAG_CAPS.metadata, disclosure: ["metadata"], include: KINDS_ALL },
      "data",
    );
    expect(after).toEqual(every.filter((e) => e.metadata?.exposure === "public").map((e) => e.uri));
    expect(migrate(out, recommended)).toBe(out);
    const file = join(cwd, "checked-essays.mjs");
    expect(checkSites(cwd, new Map([[file, out]])).filter((s) => s.status === "unmigrated")).toEqual([]);
  });
});

const START_HERE = consumer(`export async function startHere() {
  const result = await tool("oddkit_catalog", {});
  return result.start_here.map((path) => path.replace(/\\.md$/, ""));
}`);

describe("the start_here rollup under rollups=compute", () => {
  it("needs paths=uri too (legacy answered paths); without it the call stays on the legacy envelope", () => {
    expect(migrate(START_HERE, parseDecide("rollups=compute"))).toContain("include_legacy_envelope: true");
  });

  it("runs: the call is the start_here listing, read as the paths its URIs name", async () => {
    const out = migrate(START_HERE, recommended);
    expect(out).toContain("start_here: true");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    const after = (await run(out, "contract", "startHere", "")) as string[];
    const listed = await everyEntry(
      servers.contract,
      { start_here: true, limit: NO_FLAG_CAP, include: [...KINDS] },
      "data",
    );
    expect(after).toEqual(listed.map((e) => (pathForKlappyUri(e.uri) ?? e.uri).replace(/\.md$/, "")));
    expect(after.length).toBeGreaterThan(0);
    expect(migrate(out, recommended)).toBe(out);
  });
});

describe("a read's marker when its decision is taken but the call is kept", () => {
  const site: Site = {
    file: "f.ts",
    line: 3,
    column: 1,
    kind: "read" as const,
    what: "result.content",
    action: "get" as const,
    call: 0,
    legacy: true,
    reason:
      "reads the legacy envelope kept by the oddkit_get call for the cutover: lifted by `--decide content=body` (the call migrates once each of its reads is lifted; `migrate --plan` shows what that changes)",
    marker: null,
    statementLine: 3,
  };
  it("names the file's fallback as the blocker", () => {
    const why = "the rewrite added type errors (2345 Argument of type …): only markers were added";
    expect(withTakenDecision(site, parseDecide("content=body"), why).reason).toBe(
      "reads the legacy envelope kept by the oddkit_get call for the cutover: `--decide content=body` is taken and lifts it; the call stays on the legacy envelope because the rewrite added type errors (2345 Argument of type …)",
    );
  });
  it("is left as it is when that decision was not taken, or taken with another value", () => {
    expect(withTakenDecision(site, {}, undefined)).toBe(site);
    expect(withTakenDecision(site, parseDecide("content=markdown"), undefined)).toBe(site);
  });
});
