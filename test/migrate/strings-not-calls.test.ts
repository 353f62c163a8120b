/**
 * A tool name in a string is not a call. Generated files carry oddkit tool
 * names only where nothing is sent: object and map keys, `Map`
 * `get`/`set`/`has`/`delete` arguments, metric labels, log messages and
 * fields, comparisons, switch cases over a name that is then not called, an
 * array of names, a usage recorder (`record("oddkit_search", { tokens })`).
 * `migrate` leaves every such file byte-identical, and `--check` finds no
 * site in it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSites } from "../../codemods/migrate/engine.js";
import { migrate } from "../../codemods/migrate/run.js";
import { ACTIONS, UNIFIED_TOOL } from "../../src/contract/index.js";

const TOOL_NAMES = [UNIFIED_TOOL, ...ACTIONS.map((a) => `${UNIFIED_TOOL}_${a}`)];

/** Statements (inside `report(name, ms, tokens)`) that name tool `t` without calling it. */
const POSITIONS: Record<string, (t: string) => string> = {
  "object key": (t) => `const labels: Record<string, string> = { "${t}": "Lookup", other: name };`,
  "identifier key": (t) => `const costs = { ${t}: 1, total: ms };\n  void costs;`,
  "Map.get": (t) => `const seen = byTool.get("${t}") ?? 0;\n  void seen;`,
  "Map.set": (t) => `byTool.set("${t}", (byTool.get("${t}") ?? 0) + ms);`,
  "Map.has / delete": (t) => `if (byTool.has("${t}")) byTool.delete("${t}");`,
  "constant then Map.get": (t) => `const TOOL = "${t}";\n  const n = byTool.get(TOOL);\n  void n;`,
  "metric label": (t) => `metrics.increment("${t}");`,
  "metric label object": (t) => `metrics.observe({ tool: "${t}", status: "ok" }, ms);`,
  "log message": (t) => `console.log("${t}", ms);`,
  "log fields": (t) => `logger.info({ tool: "${t}", ms }, "tool finished");`,
  comparison: (t) => `if (name === "${t}") calls++;`,
  "switch case": (t) =>
    `switch (name) {\n    case "${t}":\n      label = "lookup";\n      break;\n    default:\n      label = name;\n  }`,
  "names array": (t) => `const KNOWN = ["${t}"];\n  if (!KNOWN.includes(name)) unknown++;`,
  "usage recorder": (t) => `record("${t}", { tokens });`,
  "event shaped like a request": (t) =>
    `const event = { name: "${t}", arguments: "redacted" };\n  void event;`,
};

const HEADER = `// Usage report for the oddkit tools the assistant called.
const byTool = new Map<string, number>();
const totals = new Map<string, number>();
const counts: Record<string, number> = {};
const metrics = {
  increment(label: string) {
    counts[label] = (counts[label] ?? 0) + 1;
  },
  observe(labels: { tool: string; status: string }, value: number) {
    counts[labels.tool] = (counts[labels.tool] ?? 0) + value;
  },
};
const logger = { info(fields: Record<string, unknown>, message: string) { console.log(message, fields); } };
function record(tool: string, usage: { tokens: number }) {
  totals.set(tool, (totals.get(tool) ?? 0) + usage.tokens);
}
let calls = 0;
let unknown = 0;
let label = "";
`;

function file(statements: readonly string[]): string {
  return `${HEADER}
export function report(name: string, ms: number, tokens: number) {
  ${statements.join("\n  ")}
  return { calls, unknown, label, byTool, totals, counts };
}
`;
}

const statement = fc
  .tuple(fc.constantFrom(...Object.keys(POSITIONS)), fc.constantFrom(...TOOL_NAMES))
  .map(([position, tool]) => (POSITIONS[position] as (t: string) => string)(tool));
const files = fc.array(statement, { minLength: 1, maxLength: 6 }).map(file);

async function unchangedByMigrate(text: string): Promise<{ after: string; sites: number }> {
  const cwd = mkdtempSync(join(tmpdir(), "oddkit-strings-"));
  const path = join(cwd, "usage.ts");
  writeFileSync(path, text);
  await migrate({ paths: [cwd], cwd, poolMode: "in-process" });
  return { after: readFileSync(path, "utf8"), sites: checkSites(cwd, new Map([[path, text]])).length };
}

describe("strings are not calls", () => {
  it.each(Object.entries(POSITIONS))(
    "%s, alone, is no site",
    async (_position, make) => {
      for (const tool of TOOL_NAMES) {
        const text = file([make(tool)]);
        const { after, sites } = await unchangedByMigrate(text);
        expect(sites, `${tool}:\n${text}`).toBe(0);
        expect(after).toBe(text);
      }
    },
    120_000,
  );

  it("generated files naming tools only in non-call positions stay byte-identical, with no site", async () => {
    await fc.assert(
      fc.asyncProperty(files, async (text) => {
        const { after, sites } = await unchangedByMigrate(text);
        expect(sites, text).toBe(0);
        expect(after).toBe(text);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
