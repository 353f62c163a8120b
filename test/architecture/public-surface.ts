/**
 * The package's public surface: every name each `package.json` export
 * entry offers, read by the TypeScript compiler from the entry's source
 * (values and types, re-exports followed).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "./import-graph.js";

export interface EntrySurface {
  /** Runtime exports (functions, classes, constants), sorted. */
  readonly values: readonly string[];
  /** Type-only exports (interfaces, type aliases), sorted. */
  readonly types: readonly string[];
}

/** The package's export entries (`exports` keys with types) → their source files. */
export function entrySources(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, string | { types: string }>;
  };
  const out: Record<string, string> = {};
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (typeof target === "string") continue;
    out[entry] = join(ROOT, target.types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts"));
  }
  return out;
}

export function publicSurface(): Record<string, EntrySurface> {
  const sources = entrySources();
  const program = ts.createProgram(Object.values(sources), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  });
  const checker = program.getTypeChecker();
  const out: Record<string, EntrySurface> = {};
  for (const [entry, file] of Object.entries(sources)) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`public surface: cannot read ${file} (entry ${entry})`);
    const values: string[] = [];
    const types: string[] = [];
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
    }
    out[entry] = { values: values.sort(), types: types.sort() };
  }
  return out;
}
