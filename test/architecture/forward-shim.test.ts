/**
 * The forward shim answers with the reference server's own action steps
 * (docs/architecture.md, "The forward shim runs the server's actions"): its
 * modules decide which legacy reads an answer needs and nothing else. A
 * module under src/shim/forward/ that imports a building block of an answer
 * (entries, envelopes, filters, listing orders, the supersession walk, the
 * legacy result builders) is implementing an action beside the server's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "./import-graph.js";

/** Names that build a contract answer; the server's action steps own them. */
const ANSWER_PARTS = [
  "buildManyResult",
  "projectEntry",
  "entryFor",
  "mergeLegacyFields",
  "matchesFilters",
  "compileFilters",
  "pickFilters",
  "notFoundError",
  "supersessionError",
  "comparePaths",
  "newestFirst",
  "walkSupersession",
  "lookupSuccessor",
  "legacyPathForInput",
  "legacyCatalogResult",
  "legacyGetResult",
  "legacyResolveResult",
  "legacySearchResult",
  "legacyPreflightResult",
];

/** The action steps each handler of the shim runs (src/server/contract-actions.ts). */
const SERVER_STEPS = [
  "catalogPage",
  "catalogOutcome",
  "searchAction",
  "preflightAction",
  "getOutcome",
  "resolveOutcome",
];

/** Every name a file imports, with the module it names. */
function namedImports(file: string): { name: string; from: string }[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { name: string; from: string }[] = [];
  for (const node of sf.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
    const bindings = node.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const e of bindings.elements) {
        out.push({ name: (e.propertyName ?? e.name).text, from: node.moduleSpecifier.text });
      }
    }
  }
  return out;
}

describe("the forward shim reuses the server's actions", () => {
  const files = sourceFiles(join(ROOT, "src/shim/forward"));

  it("reads its modules (guards the checks below against an empty scan)", () => {
    expect(files).toContain("src/shim/forward/emulate.ts");
  });

  it.each(files)("%s imports no building block of an answer", (file) => {
    const own = namedImports(file)
      .filter((i) => ANSWER_PARTS.includes(i.name))
      .map((i) => `${i.name} from ${i.from}`);
    expect(own).toEqual([]);
  });

  it("its handlers run the server's action steps", () => {
    const steps = namedImports("src/shim/forward/emulate.ts")
      .filter((i) => i.from.endsWith("/server/contract-actions.js"))
      .map((i) => i.name)
      .sort();
    expect(steps).toEqual([...SERVER_STEPS].sort());
  });
});
