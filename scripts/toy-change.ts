/**
 * How many files does the compiler make you touch when the contract grows?
 * Adds a toy action (`toy` in ACTIONS) or a toy flag (`toy` in FLAGS) in
 * memory — nothing on disk changes — and type-checks the project
 * (tsconfig.json: src, codemods, test, bench, scripts), printing every file
 * with an error. Those are the places the compiler forces; the goal of the
 * architecture (docs/architecture.md, "How to add …") is that they are
 * exactly the places that must handle the new row.
 *
 *   npx tsx scripts/toy-change.ts            # both, human-readable
 *   npx tsx scripts/toy-change.ts --json     # { action: {files, errors}, flag: {...} }
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENUMS = join(ROOT, "src/contract/enums.ts");

export interface ToyResult {
  /** Files (relative to the repository) with at least one compile error. */
  readonly files: readonly string[];
  /** Total compile errors. */
  readonly errors: number;
}

/** The edits: one new tuple member in the enumeration, nothing else. */
export const TOY_EDITS = {
  action: (text: string) =>
    replaceOnce(text, `"resolve", "preflight"] as const;`, `"resolve", "preflight", "toy"] as const;`),
  flag: (text: string) =>
    replaceOnce(text, `"summary", "body"] as const;`, `"summary", "body", "toy"] as const;`),
} as const;

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`toy-change: src/contract/enums.ts no longer contains ${from}`);
  return text.replace(from, to);
}

/** Type-check the project with src/contract/enums.ts replaced by `edit(original)`. */
export function compileWithToy(edit: (text: string) => string): ToyResult {
  const configPath = join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(parsed.options, true);
  const edited = edit(readFileSync(ENUMS, "utf8"));
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (file === ENUMS ? edited : readFile(file));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) =>
    file === ENUMS
      ? ts.createSourceFile(file, edited, language, true)
      : getSourceFile(file, language, onError, create);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error);
  const files = [
    ...new Set(diagnostics.map((d) => (d.file ? relative(ROOT, d.file.fileName) : "(global)"))),
  ].sort();
  return { files, errors: diagnostics.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = { action: compileWithToy(TOY_EDITS.action), flag: compileWithToy(TOY_EDITS.flag) };
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const [what, r] of Object.entries(results)) {
      console.log(`toy ${what}: ${r.files.length} files fail to compile (${r.errors} errors)`);
      for (const file of r.files) console.log(`  ${file}`);
    }
  }
}
