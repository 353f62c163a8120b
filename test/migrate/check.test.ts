/**
 * The detection pass and `migrate --check` on consumer styles the per-file
 * transforms miss: a wrapper taking the action as a parameter read in
 * another file with defaulted destructuring, a class method, a tool name in
 * a constant, a proxy body sent through `supabase.functions.invoke`, and a
 * `.then` chain. Every site is listed; `--check` writes nothing and exits 1
 * while one is neither migrated nor marked, and 0 once `migrate` has run.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrationSummary } from "../../codemods/migrate/run.js";
import { runCli } from "../codemods/cli.js";

const FILES: Record<string, string> = {
  "lib/oddkit.ts": `const URL_ = "https://oddkit.example/mcp?consumer=site";
export async function callOddkit(action: string, params: Record<string, unknown>) {
  const res = await fetch(URL_, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: \`oddkit_\${action}\`, arguments: params } }),
  });
  if (!res.ok) throw new Error("oddkit " + res.status);
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}
`,
  "pages/list.ts": `import { callOddkit } from "../lib/oddkit";
export async function titles() {
  const { articles = [] } = await callOddkit("catalog", { sort_by: "path", limit: 50 });
  return articles.map((a: { title: string }) => a.title);
}
`,
  "lib/docs.ts": `const GET_TOOL = "oddkit_get";
export class Docs {
  constructor(private readonly client: { callTool(r: object): Promise<any> }) {}
  private async call(tool: string, args: object) {
    const reply = await this.client.callTool({ name: tool, arguments: args });
    return JSON.parse(reply.content[0].text);
  }
  async body(uri: string): Promise<string> {
    const envelope = await this.call(GET_TOOL, { input: uri });
    return envelope.result.content;
  }
}
`,
  "edge/proxy.js": `export function loadHits(supabase, q) {
  return supabase.functions
    .invoke("oddkit-proxy", { body: { tool: "oddkit_search", arguments: { input: q } } })
    .then(({ data }) => data.result.hits.map((h) => h.title));
}
`,
  "lib/unrelated.ts": `export interface Hit { path: string; title: string; hits: number }
export const total = (h: Hit[]) => h.reduce((n, x) => n + x.hits, 0);
`,
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "oddkit-check-"));
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const summaryOf = (stdout: string) => JSON.parse(stdout) as MigrationSummary;

describe("migrate --check", () => {
  it("lists every site in every style, writes nothing, and exits 1 while sites are unmigrated", async () => {
    const run = await runCli(["migrate", ".", "--check", "--json"], dir);
    expect(run.code).toBe(1);
    const summary = summaryOf(run.stdout);
    expect(summary.mode).toBe("check");
    const where = (file: string) => summary.legacySites.filter((s) => s.file === file);
    // The wrapper's caller: the call (no legacy limit issue) and the defaulted destructuring of articles.
    expect(where(join("pages", "list.ts"))).toContainEqual(
      expect.objectContaining({ kind: "read", what: "result.articles", status: "unmigrated", line: 3 }),
    );
    expect(where(join("pages", "list.ts"))).toContainEqual(
      expect.objectContaining({ kind: "call", action: "catalog", line: 3 }),
    );
    // The class method through a constant tool name, read in the same class.
    expect(where(join("lib", "docs.ts"))).toContainEqual(
      expect.objectContaining({ kind: "read", what: "result.content", status: "unmigrated", line: 10 }),
    );
    // The proxy body through supabase.functions.invoke and a .then chain.
    expect(where(join("edge", "proxy.js"))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "call", action: "search", status: "unmigrated", line: 3 }),
        expect.objectContaining({ kind: "read", what: "result.hits", status: "unmigrated", line: 4 }),
      ]),
    );
    // A file that makes no call holds no site, whatever its field names.
    expect(where(join("lib", "unrelated.ts"))).toEqual([]);
    for (const [name, text] of Object.entries(FILES))
      expect(await readFile(join(dir, name), "utf8")).toBe(text);
  });

  it("after migrate every site is rewritten or flagged, unrelated files are untouched, and --check exits 0", async () => {
    const first = await runCli(["migrate", ".", "--json", "--concurrency", "1"], dir);
    expect(first.code).toBe(0);
    const summary = summaryOf(first.stdout);
    expect(summary.legacySites.length).toBeGreaterThan(0);
    for (const site of summary.legacySites)
      expect(["rewritten", "flagged", "contract"]).toContain(site.status);
    // Flagged sites carry a marker on their statement in the written file.
    for (const site of summary.legacySites.filter((s) => s.status === "flagged")) {
      const lines = (await readFile(join(dir, site.file), "utf8")).split("\n");
      const above = lines.slice(Math.max(0, site.line - 6), site.line).join("\n");
      expect(above, `${site.file}:${site.line} ${site.what}`).toContain("TODO(oddkit-migrate)");
    }
    expect(await readFile(join(dir, "lib/unrelated.ts"), "utf8")).toBe(FILES["lib/unrelated.ts"]);
    const check = await runCli(["migrate", ".", "--check", "--json"], dir);
    expect(summaryOf(check.stdout).legacySites.filter((s) => s.status === "unmigrated")).toEqual([]);
    expect(check.code).toBe(0);
    // A second migrate changes nothing.
    const second = summaryOf((await runCli(["migrate", ".", "--json", "--concurrency", "1"], dir)).stdout);
    expect(second.files.changed).toBe(0);
  });
});
