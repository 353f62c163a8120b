/**
 * docs/architecture.md's folder tables say what is there now: every folder of
 * src/ and of the codemod package has a row, and the area map (which area of
 * src/ imports which) is the real import graph, type-only imports included.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { areaOf, importsOf, ROOT, sourceFiles } from "./import-graph.js";

const DOC = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
/** Folders of generated output, fixtures and corpora: not parts of the code. */
const NOT_CODE = new Set(["dist", "node_modules", "__realworld__", "__testfixtures__"]);

function folders(dir: string): string[] {
  const out = [relative(ROOT, dir)];
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory() && !NOT_CODE.has(entry.name)) out.push(...folders(join(dir, entry.name)));
  return out;
}

/** The rows of the markdown table whose header row starts with `| ${first} |`: first cell → second cell. */
function table(first: string): Map<string, string> {
  const lines = DOC.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  const rows = new Map<string, string>();
  if (start < 0) return rows;
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const [key, value] = line.split(" | ").map((c) => c.replace(/^\| /, "").replace(/ \|$/, ""));
    rows.set((key as string).replaceAll("`", ""), (value as string).trim());
  }
  return rows;
}

describe("docs/architecture.md", () => {
  it("has a row for every folder of src/ and codemods/", () => {
    const rows = table("folder");
    const wanted = [...folders(join(ROOT, "src")).slice(1), ...folders(join(ROOT, "codemods"))];
    expect(wanted.length).toBeGreaterThan(25);
    expect(wanted.filter((f) => !rows.has(`${f}/`))).toEqual([]);
    expect([...rows.keys()].filter((k) => k.endsWith("/") && !wanted.includes(k.slice(0, -1)))).toEqual([]);
  });

  it("maps which area of src/ imports which, as the import graph does", () => {
    const graph = new Map<string, Set<string>>();
    for (const file of sourceFiles()) {
      const area = areaOf(file);
      const to = graph.get(area) ?? new Set<string>();
      graph.set(area, to);
      for (const edge of importsOf(file))
        if (edge.relative && areaOf(edge.to) !== area) to.add(areaOf(edge.to));
    }
    const real = new Map(
      [...graph].map(([area, to]) => [
        area,
        to.size
          ? [...to]
              .sort()
              .map((a) => `\`${a}\``)
              .join(", ")
          : "nothing",
      ]),
    );
    const documented = table("area");
    // On a mismatch, the expected rows are printed ready to paste.
    const expected = [...real]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([a, to]) => `| \`${a}\` | ${to} |`);
    const actual = [...documented].map(([a, to]) => `| \`${a}\` | ${to} |`);
    expect(actual).toEqual(expected);
  });
});
