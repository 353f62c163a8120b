/**
 * Reads the main entry's doc comments with the TypeScript compiler API, from
 * the sources, the way TypeDoc reads them, and type-checks the `@example`
 * blocks against those sources (test/docs/api-reference.test.ts asserts).
 *
 * An example is a whole module: it imports what it uses from `oddkit-sdk`
 * (or another entry), so a reader can paste it as is. The examples are
 * compiled as virtual files under the repository root with every published
 * entry (package.json `exports`) mapped to its source, so an example that
 * drifts from the API — a renamed option, a wrong result field, a missing
 * import — fails to compile.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "../support/doc-examples.js";

export const MAIN_ENTRY = join(ROOT, "src/index.ts");

export interface DocumentedExport {
  readonly name: string;
  /** Where the symbol is declared, relative to the repository root. */
  readonly file: string;
  readonly hasComment: boolean;
  /** A function or class (or a const whose value is a function: the generated helpers). */
  readonly callable: boolean;
  /** The `ts` fenced blocks of its `@example` tags (an `@example` without one counts as none). */
  readonly examples: readonly string[];
}

const FENCE = /```(?:ts|typescript)\n([\s\S]*?)```/g;

/** Every export of the main entry with its documentation. */
export function mainEntryExports(): DocumentedExport[] {
  const program = ts.createProgram([MAIN_ENTRY], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(MAIN_ENTRY)!)!;
  return checker.getExportsOfModule(module).map((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    const callable =
      (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) !== 0 ||
      (symbol.valueDeclaration !== undefined &&
        ts.isVariableDeclaration(symbol.valueDeclaration) &&
        checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration).getCallSignatures().length > 0);
    const examples = symbol
      .getJsDocTags(checker)
      .filter((tag) => tag.name === "example")
      .flatMap((tag) => [...ts.displayPartsToString(tag.text).matchAll(FENCE)].map((m) => m[1] ?? ""));
    return {
      name: exported.name,
      file: declaration ? declaration.getSourceFile().fileName.slice(ROOT.length) : "?",
      hasComment: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== "",
      callable,
      examples,
    };
  });
}

/** Each published entry (`oddkit-sdk`, `oddkit-sdk/server`, …) → its TypeScript source, from package.json. */
function entrySources(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, string | { types?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = typeof target === "string" ? undefined : target.types;
    if (!types) continue;
    // ./dist/src/client/index.d.ts → src/client/index.ts
    const source = types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts");
    paths[subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`] = [join(ROOT, source)];
  }
  return paths;
}

export interface ExampleDiagnostic {
  /** `<export name> example <n>`. */
  readonly example: string;
  readonly message: string;
}

/**
 * Type-checks each example as its own module (strict, the repository's
 * compiler options, DOM and Node types: the examples run where the client
 * runs). Returns the diagnostics of the example files only.
 */
export function compileExamples(examples: readonly { name: string; code: string }[]): ExampleDiagnostic[] {
  const dir = join(ROOT, ".api-examples");
  const files = new Map<string, { name: string; code: string }>();
  examples.forEach((example, i) => {
    files.set(join(dir, `example-${i}.ts`), example);
  });
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
    typeRoots: [join(ROOT, "node_modules/@types")],
    baseUrl: ROOT,
    paths: entrySources(),
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file)?.code ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const example = files.get(file);
    return example
      ? ts.createSourceFile(file, example.code, language)
      : getSourceFile.call(host, file, language, onError, create);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const out: ExampleDiagnostic[] = [];
  for (const [file, example] of files) {
    const source = program.getSourceFile(file)!;
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line =
        d.start === undefined ? "" : `line ${source.getLineAndCharacterOfPosition(d.start).line + 1}: `;
      out.push({
        example: example.name,
        message: `${line}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      });
    }
  }
  return out;
}
