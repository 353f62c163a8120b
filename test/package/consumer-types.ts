/**
 * Compiles a consumer project against the INSTALLED package's declaration
 * files, the way a user's `tsc` would: `skipLibCheck: false` (so every .d.ts
 * the package ships, and every one it reaches in its dependencies, is checked)
 * under `module` `nodenext` and under `bundler` resolution. Uses the
 * TypeScript 5 compiler API in-process (no child tsc per mode).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";

/** Entries an edge function or web app imports: no Node types, DOM lib only. */
export const CLIENT_ENTRIES = [
  "oddkit-sdk",
  "oddkit-sdk/contract",
  "oddkit-sdk/shim",
  "oddkit-sdk/agent",
  "oddkit-sdk/tokens",
];
/** Entries that run on Node (files, servers, msw): compiled with @types/node. */
export const NODE_ENTRIES = [
  "oddkit-sdk/server",
  "oddkit-sdk/testing",
  "oddkit-sdk/migration-tools",
  "oddkit-sdk/internal",
  "oddkit-sdk/cache-redis",
];

export type Resolution = "nodenext" | "bundler";
export type Profile = "client" | "node";

function consumerSource(entries: readonly string[]): string {
  // A namespace import per entry, each one used in a type, so every declaration is loaded and checked.
  const lines = entries.map((entry, i) => `import * as m${i} from "${entry}";`);
  lines.push(`export type Surface = [${entries.map((_, i) => `typeof m${i}`).join(", ")}];`);
  return `${lines.join("\n")}\n`;
}

function options(resolution: Resolution, profile: Profile): ts.CompilerOptions {
  const base: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    // DOM for both: the MCP SDK's and msw's own declarations name fetch/WebSocket DOM types.
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: profile === "client" ? [] : ["node"],
  };
  return resolution === "nodenext"
    ? { ...base, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }
    : { ...base, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
}

// Parsed declaration files are shared between the compiles (parsing lib.dom and zod once, not per mode).
const parsed = new Map<string, ts.SourceFile | undefined>();

function cachingHost(compilerOptions: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(compilerOptions);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.endsWith(".d.ts") && !fileName.endsWith(".d.mts") && !fileName.endsWith(".d.cts"))
      return getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const key = `${fileName}|${JSON.stringify(languageVersion)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, onError, shouldCreate));
    return parsed.get(key);
  };
  return host;
}

/**
 * `everything` is what a consumer's `tsc` reports (every declaration file, ours and our
 * dependencies'); `package` checks the semantics of this package's declarations and the consumer
 * only (dependency types are still resolved and used, just not themselves re-checked): a third
 * of the time, for the modes after the first.
 */
export type Scope = "everything" | "package";

function ownDiagnostics(program: ts.Program): readonly ts.Diagnostic[] {
  const own = program
    .getSourceFiles()
    .filter(
      (f) => !f.fileName.includes("/node_modules/") || f.fileName.includes("/node_modules/oddkit-sdk/"),
    );
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
}

/** Diagnostics (formatted) of compiling `entries` from a consumer inside `project`; [] when clean. */
export async function compileConsumer(
  project: string,
  resolution: Resolution,
  profile: Profile,
  scope: Scope = "everything",
): Promise<{ diagnostics: string[]; declarationFiles: number }> {
  const dir = join(project, `consumer-${profile}-${resolution}`);
  await mkdir(dir, { recursive: true });
  const file = join(dir, "index.ts");
  await writeFile(
    file,
    consumerSource(profile === "client" ? CLIENT_ENTRIES : [...CLIENT_ENTRIES, ...NODE_ENTRIES]),
  );
  const compilerOptions = options(resolution, profile);
  const program = ts.createProgram([file], compilerOptions, cachingHost(compilerOptions));
  const diagnostics = scope === "everything" ? ts.getPreEmitDiagnostics(program) : ownDiagnostics(program);
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => project,
    getNewLine: () => "\n",
  };
  const declarationFiles = program
    .getSourceFiles()
    .filter((f) => f.fileName.includes("/node_modules/oddkit-sdk/") && f.isDeclarationFile).length;
  return { diagnostics: diagnostics.map((d) => ts.formatDiagnostic(d, host).trim()), declarationFiles };
}
