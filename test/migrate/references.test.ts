/**
 * detect/references.ts finds references without the language service's
 * display text (issue 16 item 4). It must return what ts-morph's
 * `findReferencesAsNodes()` returns — the same nodes, in the same order —
 * for every declared name (and import/export alias) of code it was not written for: the real-world
 * corpus and the transform fixtures (imports and re-exports, aliases,
 * classes, JSX, CommonJS), loaded as the engine loads them (one project).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Identifier, Node, type SourceFile } from "ts-morph";
import { describe, expect, it } from "vitest";
import { createAnalysisProject } from "../../codemods/migrate/detect/project.js";
import { referencesOf } from "../../codemods/migrate/detect/references.js";

const REPO = join(import.meta.dirname, "../..");
const SOURCE = /\.(c|m)?(j|t)sx?$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const describeNode = (n: Node) =>
  `${relative(REPO, n.getSourceFile().getFilePath())}:${n.getStart()}-${n.getEnd()}:${n.getKindName()}`;

/**
 * The identifiers detection asks about: names of declarations (variables,
 * parameters, functions, properties, binding elements) and of import/export
 * specifiers (the alias case): every specifier, and every fourth other
 * name (each comparison runs ts-morph's slow path; all of them would take
 * minutes on a busy machine).
 */
function declarationNames(file: SourceFile): Identifier[] {
  const found: Identifier[] = [];
  let seen = 0;
  file.forEachDescendant((n) => {
    if (!Node.isIdentifier(n)) return;
    const parent = n.getParent();
    if (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent)) found.push(n);
    else if ((parent as { getNameNode?: () => Node | undefined } | undefined)?.getNameNode?.() === n)
      if (seen++ % 4 === 0) found.push(n);
  });
  return found;
}

describe.each(["codemods/__realworld__", "codemods/__testfixtures__"])("referencesOf over %s", (corpus) => {
  it("returns ts-morph's findReferencesAsNodes for every declared name", () => {
    const project = createAnalysisProject(null);
    const files = sourcesUnder(join(REPO, corpus)).map((path) =>
      project.createSourceFile(path, readFileSync(path, "utf8"), { overwrite: true }),
    );
    let compared = 0;
    let withReferences = 0;
    for (const file of files) {
      for (const id of declarationNames(file)) {
        const want = id.findReferencesAsNodes().map(describeNode);
        const got = referencesOf(id).map(describeNode);
        expect(got, describeNode(id)).toEqual(want);
        compared++;
        if (want.length > 0) withReferences++;
      }
    }
    // The corpus is real code: hundreds of names, many with references.
    expect(compared).toBeGreaterThan(250);
    expect(withReferences).toBeGreaterThan(compared / 3);
  }, 600_000);
});
