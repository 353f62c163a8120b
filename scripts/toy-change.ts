/**
 * How many files does the compiler make you touch when the contract grows?
 * Adds a toy action or a toy flag in memory — nothing on disk changes — and
 * type-checks the project (tsconfig.json: src, codemods, test, bench,
 * scripts; `--src`: tsconfig.build.json, src only), printing every file with
 * an error. Those are the places the compiler forces; docs/architecture.md
 * ("How to add …") lists the places that must handle a new row, and
 * test/architecture/how-to-add.test.ts holds the two lists together.
 *
 * Three toys:
 * - `action`: `toy` appended to ACTIONS, nothing else (every table keyed by
 *   action complains, and so does everything that reads ACTION_SPECS[action]);
 * - `action-row`: `toy` in ACTIONS and its row in ACTION_SPECS (a copy of
 *   catalog's): what is left is the per-action handling a row cannot derive;
 * - `flag`: `toy` appended to FLAGS.
 *
 *   npx tsx scripts/toy-change.ts            # all three, human-readable
 *   npx tsx scripts/toy-change.ts --why      # each file's first error: what it asks for
 *   npx tsx scripts/toy-change.ts --src      # src/ only (faster)
 *   npx tsx scripts/toy-change.ts --json     # { action: {files, errors, first}, ... }
 *   npx tsx scripts/toy-change.ts --root ../other-checkout   # measure another checkout
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const HERE = join(dirname(fileURLToPath(import.meta.url)), "..");

export interface ToyResult {
  /** Files (relative to the repository) with at least one compile error. */
  readonly files: readonly string[];
  /** Total compile errors. */
  readonly errors: number;
  /** The first error of each file, `file:line: message` (what the compiler asks for there). */
  readonly first: readonly string[];
}

/** A toy: file (relative to the root) → its edit. */
export type Toy = Readonly<Record<string, (text: string) => string>>;

const ENUMS = "src/contract/names.ts";
const ACTIONS_FILE = "src/contract/actions.ts";

const addToyAction = (text: string) =>
  replaceOnce(text, `"resolve", "preflight"] as const;`, `"resolve", "preflight", "toy"] as const;`);

export const TOYS = {
  action: { [ENUMS]: addToyAction },
  "action-row": {
    [ENUMS]: addToyAction,
    // The row a new action declares: catalog's columns (a listing without input), under the name `toy`.
    [ACTIONS_FILE]: (text: string) => {
      const start = text.indexOf("  catalog: {\n");
      const end = text.indexOf("\n  },\n", start);
      if (start < 0 || end < 0) throw new Error(`toy-change: ${ACTIONS_FILE} has no catalog row`);
      const row = text.slice(start, end + "\n  },\n".length).replace("  catalog: {", "  toy: {");
      return text.slice(0, end + "\n  },\n".length) + row + text.slice(end + "\n  },\n".length);
    },
  },
  flag: {
    [ENUMS]: (text: string) =>
      replaceOnce(text, `"summary", "body"] as const;`, `"summary", "body", "toy"] as const;`),
  },
} as const satisfies Record<string, Toy>;

function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`toy-change: ${ENUMS} no longer contains ${from}`);
  return text.replace(from, to);
}

export interface CompileOptions {
  /** Repository root (default: this checkout). */
  readonly root?: string;
  /** tsconfig.build.json (src only) instead of tsconfig.json. */
  readonly srcOnly?: boolean;
}

/** Type-check the project with the toy's files replaced by their edits. */
export function compileWithToy(toy: Toy, options: CompileOptions = {}): ToyResult {
  const root = options.root ?? HERE;
  const configPath = join(root, options.srcOnly ? "tsconfig.build.json" : "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  // No emit: the build's emit options (source maps, their inlined sources) do not apply.
  const options_ = {
    ...parsed.options,
    noEmit: true,
    declaration: false,
    sourceMap: false,
    inlineSources: false,
    declarationMap: false,
  };
  const host = ts.createCompilerHost(options_, true);
  const edited = new Map(
    Object.entries(toy).map(([file, edit]) => [
      join(root, file),
      edit(readFileSync(join(root, file), "utf8")),
    ]),
  );
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => edited.get(file) ?? readFile(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    const text = edited.get(file);
    return text !== undefined
      ? ts.createSourceFile(file, text, language, true)
      : getSourceFile(file, language, onError, create);
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: options_, host });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error);
  const fileOf = (d: ts.Diagnostic) => (d.file ? relative(root, d.file.fileName) : "(global)");
  const files = [...new Set(diagnostics.map(fileOf))].sort();
  const first = files.map((file) => {
    const d = diagnostics.find((x) => fileOf(x) === file);
    const line =
      d?.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const text = d ? ts.flattenDiagnosticMessageText(d.messageText, " ").slice(0, 160) : "";
    return `${file}:${line}: ${text}`;
  });
  return { files, errors: diagnostics.length, first };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rootArg = process.argv.indexOf("--root");
  const options: CompileOptions = {
    srcOnly: process.argv.includes("--src"),
    ...(rootArg > 0 ? { root: resolve(process.argv[rootArg + 1] ?? ".") } : {}),
  };
  const results = Object.fromEntries(
    Object.entries(TOYS)
      .filter(([name]) => name !== "action-row" || !options.root)
      .map(([name, toy]) => [name, compileWithToy(toy, options)]),
  );
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const [what, r] of Object.entries(results)) {
      console.log(`toy ${what}: ${r.files.length} files fail to compile (${r.errors} errors)`);
      for (const line of process.argv.includes("--why") ? r.first : r.files) console.log(`  ${line}`);
    }
  }
}
