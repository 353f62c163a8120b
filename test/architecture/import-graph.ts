/**
 * The import graph of `src/`, read with the TypeScript parser (no bundler,
 * no resolution magic: every relative specifier ends in `.js` and names a
 * `.ts` file). Type-only imports are marked, since the compiler erases them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export interface ImportEdge {
  readonly from: string;
  /** Repository-relative path of the imported file, or the bare package specifier. */
  readonly to: string;
  readonly typeOnly: boolean;
  readonly relative: boolean;
  /** A lazy `import("…")`: loaded on demand, so it cannot make a load-order cycle. */
  readonly dynamic?: true;
}

export const ROOT = resolve(import.meta.dirname, "../..");

export function sourceFiles(dir = join(ROOT, "src")): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(relative(ROOT, path));
  }
  return out.sort();
}

/** Every import/export-from of one file (dynamic `import("…")` included: it loads the module too). */
export function importsOf(file: string, text = readFileSync(join(ROOT, file), "utf8")): ImportEdge[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic = false) => {
    const isRelative = specifier.startsWith(".");
    const to = isRelative
      ? relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, ".ts")
      : specifier;
    edges.push({
      from: file,
      to,
      typeOnly,
      relative: isRelative,
      ...(dynamic ? { dynamic: true as const } : {}),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

/** Strongly connected components with more than one node (or a self-loop): the cycles of a graph. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) strong(v);
  return out;
}

/** The area of a file: its first folder under src/ (`src/tokens.ts` is its own area); outside src/, its top folder. */
export function areaOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] !== "src") return parts[0] as string;
  return parts.length > 2 ? (parts[1] as string) : (parts[1] as string).replace(/\.ts$/, "");
}
