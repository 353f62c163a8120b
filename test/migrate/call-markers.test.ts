/**
 * One marker per call site (codemods/migrate/detect/call-markers.ts): a call
 * left on the legacy envelope gets one `TODO(oddkit-migrate)` line, which lists
 * its waiting reads with their lines and reasons; detection reads the list
 * back, so `--check` counts the listed reads as flagged, a second run adds
 * nothing, and a read taken out of the list is unmigrated again.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkSites, runEngine } from "../../codemods/migrate/engine.js";
import { migrate as runMigrate } from "../../codemods/migrate/run.js";
import { GOLDEN_DIR } from "./golden/outputs.js";

const cwd = mkdtempSync(join(tmpdir(), "oddkit-call-markers-"));

function migrate(files: Record<string, string>): Record<string, string> {
  const sources = new Map(Object.entries(files).map(([name, text]) => [join(cwd, name), text]));
  const inputs = [...sources].map(([file, before]) => ({ file, before }));
  const result = runEngine(cwd, sources, inputs);
  return Object.fromEntries(
    [...sources].map(([file, text]) => [file.slice(cwd.length + 1), result.files.get(file)?.after ?? text]),
  );
}

function check(files: Record<string, string>) {
  return checkSites(cwd, new Map(Object.entries(files).map(([name, text]) => [join(cwd, name), text])));
}

const TOOL = `const URL_ = "https://oddkit.example/mcp";
export async function tool(name, args) {
  const res = await fetch(URL_, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }) });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}
`;

const PAGE = `${TOOL}
export async function page(uri) {
  const doc = await tool("oddkit_get", { input: uri });
  const source = doc.path;
  const hash = doc.content_hash;
  return { markdown: doc.content, source, hash };
}
`;

const todos = (text: string) => text.split("\n").filter((l) => l.includes("TODO(oddkit-migrate)"));
const listed = (text: string) =>
  [...text.matchAll(/\/\/ {3}- (\S+) \(line (\d+)\): /g)].map((m) => [m[1], Number(m[2])]);

describe("one marker per call site", () => {
  it("a call kept on the legacy envelope has one TODO, listing each waiting read at its line", () => {
    const out = migrate({ "page.mjs": PAGE })["page.mjs"] as string;
    expect(out).toContain("include_legacy_envelope: true");
    expect(todos(out)).toHaveLength(1);
    const lines = out.split("\n");
    const reads = listed(out);
    expect(reads.map(([what]) => what).sort()).toEqual([
      "result.content",
      "result.content_hash",
      "result.path",
    ]);
    for (const [what, line] of reads) {
      const field = String(what).split(".").at(-1) as string;
      expect(lines[(line as number) - 1], `${what} at line ${line}`).toContain(`doc.${field}`);
    }
  });

  it("--check counts the listed reads as flagged, and a second run adds nothing", () => {
    const out = migrate({ "page.mjs": PAGE })["page.mjs"] as string;
    const sites = check({ "page.mjs": out }).filter((s) => s.status !== "contract");
    expect(sites.length).toBeGreaterThan(1);
    expect(sites.filter((s) => s.status === "unmigrated")).toEqual([]);
    expect(migrate({ "page.mjs": out })["page.mjs"]).toBe(out);
  });

  it("a read taken out of the list is unmigrated again (the list is read, not the marker's presence)", () => {
    const out = migrate({ "page.mjs": PAGE })["page.mjs"] as string;
    const without = out
      .split("\n")
      .filter((l) => !/\/\/ {3}- result\.content_hash \(line/.test(l))
      .join("\n");
    const open = check({ "page.mjs": without }).filter((s) => s.status === "unmigrated");
    expect(open.map((s) => s.what)).toEqual(["result.content_hash"]);
  });

  it("reads of a call made in another file get one marker in their own file", () => {
    const out = migrate({
      "tool.mjs": TOOL,
      "page.mjs": `import { tool } from "./tool.mjs";
export async function page(uri) {
  const doc = await tool("oddkit_get", { input: uri });
  const source = doc.path;
  return { markdown: doc.content, source };
}
`,
    });
    const page = out["page.mjs"] as string;
    expect(todos(page)).toHaveLength(1);
    expect(
      check({ "tool.mjs": out["tool.mjs"] as string, "page.mjs": page }).filter(
        (s) => s.status === "unmigrated",
      ),
    ).toEqual([]);
  });
});

/** A call whose transforms note it twice (date order, a dropped filter) and whose reads wait on decisions. */
const NOTED_LISTING = `const ODDKIT_URL = "https://oddkit.example/mcp";
export async function listing() {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "oddkit_catalog",
        arguments: { sort_by: "date", filter_epoch: "E0008", limit: 10 },
      },
    }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.articles.map((a) => ({ href: a.path, title: a.title }));
}
`;

describe("one marker per call site, through the whole pipeline", () => {
  const work = mkdtempSync(join(tmpdir(), "oddkit-noted-call-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("the transforms' notes and the engine's reason share the call's one TODO line; the summary keeps every reason", async () => {
    writeFileSync(join(work, "listing.mjs"), NOTED_LISTING);
    const first = await runMigrate({ paths: [work], cwd: work, poolMode: "in-process" });
    const out = readFileSync(join(work, "listing.mjs"), "utf8");
    expect(out).toContain("include_legacy_envelope: true");
    expect(todos(out)).toHaveLength(1);
    const [todo] = first.summary.todos;
    expect(first.summary.todos).toHaveLength(1);
    for (const reason of ['sort_by: "date"', "filter_epoch", "kept on the legacy envelope"])
      expect(todo?.reason).toContain(reason);
    expect(listed(out).map(([what]) => what)).toContain("result.articles");

    const second = await runMigrate({ paths: [work], cwd: work, poolMode: "in-process" });
    expect(second.summary.changedFiles).toEqual([]);
    expect(second.summary.todos).toEqual(first.summary.todos);
    expect(readFileSync(join(work, "listing.mjs"), "utf8")).toBe(out);
  }, 120_000);
});

/** Flagged legacy calls per file in a recorded run (test/migrate/golden/expected). */
function flaggedCalls(run: { legacySites: string[] }): Map<string, number> {
  const calls = new Map<string, number>();
  for (const site of run.legacySites) {
    const match = /^(.+?):\d+ call .* flagged: /.exec(site);
    if (match) calls.set(match[1] as string, (calls.get(match[1] as string) ?? 0) + 1);
  }
  return calls;
}

describe.each(["realworld", "generated-10", "generated-100"])("the recorded %s run", (name) => {
  it("has no more TODO lines in a file than the legacy calls it leaves (at least one: reads of a call elsewhere)", () => {
    const run = JSON.parse(readFileSync(join(GOLDEN_DIR, `${name}.json`), "utf8")) as {
      files: Record<string, { todos?: string[] }>;
      legacySites: string[];
    };
    const calls = flaggedCalls(run);
    const over = Object.entries(run.files)
      .map(([file, f]) => ({ file, todos: f.todos?.length ?? 0, calls: calls.get(file) ?? 0 }))
      .filter((f) => f.todos > Math.max(1, f.calls));
    expect(over).toEqual([]);
    expect(Object.values(run.files).some((f) => (f.todos?.length ?? 0) > 0)).toBe(true);
  });
});
