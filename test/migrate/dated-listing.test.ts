/**
 * The two catalog shapes the engine rewrites (codemods/migrate/dated-listing.ts):
 * a date-sorted listing cut in code to its first k under one path prefix
 * becomes a server `path_prefix` with `limit: k`, every kind included; one
 * read whole in a for…of that skips entries outside the prefix and undated
 * ones is paged within the cap, the prefix on the server. Any variant that
 * would not keep what the caller got stays on the legacy envelope, flagged.
 * (Behaviour is proven on the real-world corpus: hono-worker's /api/handoffs
 * and journal-feed, test/codemods/realworld.test.ts.)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runEngine } from "../../codemods/migrate/engine.js";

const cwd = mkdtempSync(join(tmpdir(), "oddkit-dated-"));

function migrate(text: string): string {
  const file = join(cwd, "handoffs.ts");
  const sources = new Map([[file, text]]);
  const result = runEngine(cwd, sources, [{ file, before: text }]);
  return result.files.get(file)?.after ?? text;
}

const consumer = (args: string, chain: string) => `export async function latest(): Promise<unknown[]> {
  const res = await fetch("https://oddkit.example/mcp", {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_catalog", arguments: ${args} } }),
  });
  const rpc = await res.json();
  const result = JSON.parse(rpc.result.content[0].text).result;
  return result.articles${chain}.map((a: any) => ({ uri: a.uri, title: a.title, date: a.metadata.date }));
}
`;
const PREFIX = `.filter((a: any) => a.path.startsWith("odd/handoffs/"))`;

describe("date-sorted listing cut to its first k under a path prefix", () => {
  it("becomes path_prefix + limit k + every kind, metadata disclosed, the filter gone, the slice kept", () => {
    const out = migrate(consumer(`{ sort_by: "date", limit: 500 }`, `${PREFIX}.slice(0, 10)`));
    expect(out).toContain(
      `arguments: { sort_by: "date", path_prefix: "odd/handoffs/", limit: 10, disclosure: ["metadata"], include: ["canon", "docs", "journals", "essays", "apocrypha"] }`,
    );
    expect(out).toContain("return result.data.slice(0, 10).map(");
    expect(out).not.toContain(".path");
    expect(out).not.toContain("TODO(oddkit-migrate)");
  });

  it.each([
    [
      "no slice: every entry under the prefix (legacy's 500-cut and frontmatter-only listing matter)",
      `{ sort_by: "date", limit: 500 }`,
      PREFIX,
    ],
    [
      "path order (legacy's locale order is not the contract's)",
      `{ sort_by: "path", limit: 500 }`,
      `${PREFIX}.slice(0, 10)`,
    ],
    [
      "a prefix outside every kind's path (the contract lists no document there)",
      `{ sort_by: "date", limit: 500 }`,
      `.filter((a: any) => a.path.startsWith("projects/")).slice(0, 10)`,
    ],
    ["a slice over the metadata cap", `{ sort_by: "date", limit: 500 }`, `${PREFIX}.slice(0, 150)`],
    ["a slice past legacy's own limit", `{ sort_by: "date", limit: 5 }`, `${PREFIX}.slice(0, 10)`],
    ["a slice not from 0", `{ sort_by: "date", limit: 500 }`, `${PREFIX}.slice(1, 10)`],
    [
      "another predicate",
      `{ sort_by: "date", limit: 500 }`,
      `.filter((a: any) => a.path.startsWith("odd/handoffs/") && a.metadata.date).slice(0, 10)`,
    ],
    [
      "a legacy parameter besides sort_by and limit",
      `{ sort_by: "date", limit: 500, filter_epoch: "E0008" }`,
      `${PREFIX}.slice(0, 10)`,
    ],
  ])("stays on the legacy envelope, flagged: %s", (_why, args, chain) => {
    const out = migrate(consumer(args, chain));
    expect(out).toContain("include_legacy_envelope: true");
    expect(out).toContain("TODO(oddkit-migrate)");
    expect(out).toContain("result.articles");
  });
});

const feed = (args: string, skips: string) => `export async function feed(): Promise<unknown[]> {
  const res = await fetch("https://oddkit.example/mcp", {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_catalog", arguments: ${args} } }),
  });
  const body = await res.json();
  const catalog = JSON.parse(body.result.content[0].text).result;
  const entries = [];
  for (const article of catalog.articles) {
${skips}
    entries.push({ title: article.title, uri: article.uri, date: article.metadata.date });
  }
  return entries;
}
`;
const PREFIX_SKIP = `    if (!article.path.startsWith("odd/journal/")) continue;`;
const DATE_SKIP = `    if (!article.metadata.date) continue;`;

describe("every dated entry under a path prefix, in a for…of that skips the rest", () => {
  it("pages the call within the cap (offset up to total), the prefix on the server, the date skip kept", () => {
    const out = migrate(feed(`{ sort_by: "date", limit: 500 }`, `${PREFIX_SKIP}\n${DATE_SKIP}`));
    expect(out).toContain("const catalog = { data: [] as any[] };");
    expect(out).toContain("for (let offset = 0, total = 1; offset < total; offset += 100) {");
    expect(out).toContain(
      `arguments: { sort_by: "date", path_prefix: "odd/journal/", limit: 100, offset, disclosure: ["metadata"], include: ["canon", "docs", "journals", "essays", "apocrypha"] }`,
    );
    expect(out).toContain("const catalogPage = JSON.parse(body.result.content[0].text).result;");
    expect(out).toContain("catalog.data.push(...catalogPage.data);");
    expect(out).toContain("total = catalogPage.total;");
    expect(out).toContain("for (const article of catalog.data) {");
    expect(out).toContain(DATE_SKIP);
    expect(out).not.toContain(".path");
    expect(out).not.toContain("TODO(oddkit-migrate)");
  });

  it.each([
    [
      "undated entries kept (legacy's frontmatter-only listing and its 500-cut matter)",
      `{ sort_by: "date", limit: 500 }`,
      PREFIX_SKIP,
    ],
    ["path order", `{ sort_by: "path", limit: 500 }`, `${PREFIX_SKIP}\n${DATE_SKIP}`],
    [
      "a prefix outside every kind's path",
      `{ sort_by: "date", limit: 500 }`,
      `    if (!article.path.startsWith("projects/")) continue;\n${DATE_SKIP}`,
    ],
    [
      "the path read after the skips too",
      `{ sort_by: "date", limit: 500 }`,
      `${PREFIX_SKIP}\n${DATE_SKIP}\n    console.log(article.path);`,
    ],
  ])("stays on the legacy envelope, flagged: %s", (_why, args, skips) => {
    const out = migrate(feed(args, skips));
    expect(out).toContain("include_legacy_envelope: true");
    expect(out).toContain("TODO(oddkit-migrate)");
  });
});
