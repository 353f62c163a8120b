/**
 * The one catalog shape the engine rewrites (codemods/migrate/dated-listing.ts):
 * a date-sorted listing cut in code to its first k under one path prefix
 * becomes a server `path_prefix` with `limit: k`, every kind included. Any
 * variant that would not keep what the caller got stays on the legacy
 * envelope, flagged. (Behaviour is proven on the real-world corpus:
 * hono-worker's /api/handoffs, test/codemods/realworld.test.ts.)
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
