/**
 * Engine-agnostic judgement of one migrated corpus file: did it change, does
 * it parse, did it gain type errors, how many TODO(oddkit-migrate) markers
 * does it carry, and is every legacy site of the manifest either rewritten
 * (its line is gone) or marked (a marker on its line or in the comments
 * leading the statement that holds it).
 */
import { extname } from "node:path";
import ts from "typescript";

export const TODO_MARKER = "TODO(oddkit-migrate)";
/** The note a human (or a decision kept as written) leaves on a reviewed site. */
export const REVIEWED_MARKER = "oddkit-migrate-reviewed";

export function scriptKind(file: string): ts.ScriptKind {
  switch (extname(file)) {
    case ".tsx":
      return ts.ScriptKind.TSX;
    case ".jsx":
      return ts.ScriptKind.JSX;
    case ".js":
    case ".mjs":
    case ".cjs":
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}

export function parseErrors(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const diagnostics =
    (source as unknown as { parseDiagnostics: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

export const countTodos = (text: string): number => text.split(TODO_MARKER).length - 1;

/**
 * The innermost statement (or class member) around `pos`: a marker anywhere from its leading comments
 * to the end of the site's line marks the site (inside a multi-line call, above the argument, counts).
 */
function enclosingStatement(source: ts.SourceFile, pos: number): ts.Node {
  let found: ts.Node = source;
  const visit = (node: ts.Node) => {
    if (pos < node.getStart(source) || pos >= node.getEnd()) return;
    if (ts.isStatement(node) || ts.isClassElement(node)) found = node;
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return found;
}

export type SiteState = "rewritten" | "marked" | "untouched";

/** Where each site snippet stands in the migrated text. */
export function siteStates(file: string, migrated: string, sites: readonly string[]): Map<string, SiteState> {
  const source = ts.createSourceFile(file, migrated, ts.ScriptTarget.Latest, true, scriptKind(file));
  const states = new Map<string, SiteState>();
  for (const site of sites) {
    const at = migrated.indexOf(site);
    if (at < 0) {
      states.set(site, "rewritten");
      continue;
    }
    const statement = enclosingStatement(source, at);
    const from = statement === source ? 0 : statement.getFullStart();
    const lineEnd = migrated.indexOf("\n", at + site.length);
    const span = migrated.slice(from, lineEnd < 0 ? migrated.length : lineEnd);
    // A site kept as written under a decision carries its reviewed note (decided-reads.ts): it is marked.
    const own = span.includes(TODO_MARKER) || span.includes(REVIEWED_MARKER);
    const lines = {
      from: lineAt(migrated, statement === source ? at : statement.getStart(source)),
      to: lineAt(migrated, at),
    };
    states.set(site, own || listedInCallMarker(migrated, lines) ? "marked" : "untouched");
  }
  return states;
}

const lineAt = (text: string, pos: number) => text.slice(0, pos).split("\n").length;

/**
 * A read listed in its call's marker (`//   - result.articles (line 42): …` under a TODO line's
 * "reads waiting with it:") is marked there: the listed line is in the site's statement, up to the site.
 */
function listedInCallMarker(migrated: string, lines: { from: number; to: number }): boolean {
  if (!migrated.includes("reads waiting with it:")) return false;
  for (const m of migrated.matchAll(/^\s*\/\/ {3}- \S+(?: [^(]*)? \(line (\d+)\): /gm)) {
    const line = Number(m[1]);
    if (line >= lines.from && line <= lines.to) return true;
  }
  return false;
}

/** Type diagnostics per file of a project (its tsconfig.json), as `code message` strings without positions. */
export function typeDiagnostics(projectDir: string): Map<string, string[]> {
  const configPath = ts.findConfigFile(projectDir, ts.sys.fileExists, "tsconfig.json");
  if (!configPath) throw new Error(`realworld: no tsconfig.json in ${projectDir}`);
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, projectDir);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true },
  });
  const byFile = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file?.fileName ?? "(global)";
    const list = byFile.get(name) ?? [];
    list.push(`TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
    byFile.set(name, list);
  }
  return byFile;
}

/** Diagnostics in `after` beyond those already in `before` (a multiset difference; positions ignored). */
export function newDiagnostics(before: readonly string[], after: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const d of before) left.set(d, (left.get(d) ?? 0) + 1);
  const added: string[] = [];
  for (const d of after) {
    const n = left.get(d) ?? 0;
    if (n > 0) left.set(d, n - 1);
    else added.push(d);
  }
  return added;
}
