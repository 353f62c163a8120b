/**
 * The package's public surface: every name each `package.json` export
 * entry offers, read by the TypeScript compiler from the entry's source
 * (values and types, re-exports followed).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "./import-graph.js";

/**
 * Entries outside the learnable surface: `./internal` is the codemod package's
 * (codemods/) door to the tables it rewrites against, documented as no API.
 */
export const NOT_LEARNABLE: readonly string[] = ["./internal"];

/** Issue 30: a user learns the main entry in one sitting, and the whole package in a few. */
export const LEARNABLE_LIMITS = { main: 40, all: 200 } as const;

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

function entryProgram(sources: Record<string, string>): ts.Program {
  return ts.createProgram(Object.values(sources), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  });
}

/** Each exported name → entry → where it is declared (`file:offset`), to find one name meaning two things. */
export function publicSurfaceDeclarations(): { declarations: Map<string, Map<string, string>> } {
  const sources = entrySources();
  const program = entryProgram(sources);
  const checker = program.getTypeChecker();
  const declarations = new Map<string, Map<string, string>>();
  for (const [entry, file] of Object.entries(sources)) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`public surface: cannot read ${file} (entry ${entry})`);
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target.declarations?.[0];
      const where = declaration
        ? `${declaration.getSourceFile().fileName.slice(ROOT.length)}:${declaration.pos}`
        : "?";
      if (!declarations.has(symbol.name)) declarations.set(symbol.name, new Map());
      declarations.get(symbol.name)?.set(entry, where);
    }
  }
  return { declarations };
}

export function publicSurface(): Record<string, EntrySurface> {
  const sources = entrySources();
  const program = entryProgram(sources);
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
