/**
 * docs/architecture.md "How to add …" is held to the code: every file a
 * recipe names exists, and every table it names (an ALL_CAPS identifier, or a
 * record such as `handlers`) is declared in one of that step's files.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./import-graph.js";

const DOC = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
const SECTION = DOC.slice(DOC.indexOf("## How to add"));

interface Step {
  readonly recipe: string;
  readonly text: string;
  readonly files: readonly string[];
  readonly tables: readonly string[];
}

/** Each numbered step of each recipe, with the files and tables it names in backticks. */
function steps(): Step[] {
  const out: Step[] = [];
  for (const recipe of SECTION.split(/^### /m).slice(1)) {
    const title = recipe.split("\n", 1)[0] ?? "";
    for (const text of recipe.split(/^\d+\. /m).slice(1)) {
      const ticks = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
      out.push({
        recipe: title,
        text: text.trim().split("\n", 1)[0] ?? "",
        files: ticks.filter((t) => /^(src|test|docs|codemods|scripts)\/[\w./-]+\.(ts|md)$/.test(t)),
        tables: ticks.filter((t) => /^[A-Z][A-Z_]{3,}$/.test(t) || ["handlers", "synthesizers"].includes(t)),
      });
    }
  }
  return out;
}

describe('docs/architecture.md "How to add …"', () => {
  const all = steps();

  it("has the six recipes, each with steps (guards the checks below against an empty parse)", () => {
    expect([...new Set(all.map((s) => s.recipe))]).toEqual([
      "An action",
      "A disclosure flag",
      "A named helper",
      "A codemod",
      "A CLI verb",
      "A conformance check",
    ]);
    expect(all.filter((s) => s.files.length > 0).length).toBeGreaterThan(15);
  });

  it.each(all.flatMap((s) => s.files.map((file) => [s.recipe, file] as const)))(
    "%s: %s exists",
    (_recipe, file) => {
      expect(existsSync(join(ROOT, file))).toBe(true);
    },
  );

  it.each(all.flatMap((s) => s.tables.map((table) => [s.recipe, table, s] as const)))(
    "%s: %s is declared in a file its step names",
    (_recipe, table, step) => {
      const declared = step.files.filter((file) =>
        new RegExp(`\\b(const|readonly|let)\\s+${table}\\b`).test(readFileSync(join(ROOT, file), "utf8")),
      );
      expect(declared, `${table} in ${step.files.join(", ")}`).not.toEqual([]);
    },
  );
});
