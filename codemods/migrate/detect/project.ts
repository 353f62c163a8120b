/**
 * The analysis project: one ts-morph `Project` (real file system, so that
 * the target's dependencies and types resolve) holding the files under
 * migration as in-memory texts. It is created once per run and kept warm:
 * detection before, type diagnostics before, the rewritten texts, detection
 * and diagnostics after all reuse it (the compiler rebuilds incrementally).
 * JavaScript files sit in the same program (`allowJs`), so flows cross
 * between TS and JS modules.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { Project, type SourceFile, ts } from "ts-morph";
import { bundlerAliasResolutionHost } from "./bundler-alias.js";

/** Compiler options when the target has no tsconfig.json: permissive, modern, JSX. */
const DEFAULT_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  checkJs: false,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  allowImportingTsExtensions: true,
  esModuleInterop: true,
  skipLibCheck: true,
  strict: true,
  resolveJsonModule: true,
};

/** The nearest tsconfig.json at or above `dir` (stopping at a package root's parent). */
export function findTsconfig(dir: string): string | null {
  let current = dir;
  for (let i = 0; i < 20; i++) {
    const candidate = join(current, "tsconfig.json");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
  return null;
}

export function createAnalysisProject(tsconfig: string | null): Project {
  if (tsconfig) {
    try {
      const project = new Project({
        tsConfigFilePath: tsconfig,
        skipAddingFilesFromTsConfig: true,
        resolutionHost: bundlerAliasResolutionHost,
      });
      project.compilerOptions.set({ allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true });
      return project;
    } catch {
      // An unreadable tsconfig: fall back to the defaults (the gate still compares like with like).
    }
  }
  return new Project({ compilerOptions: DEFAULT_OPTIONS, resolutionHost: bundlerAliasResolutionHost });
}

const TYPESCRIPT_SOURCE = /\.(c|m)?tsx?$/;

/**
 * A TypeScript file held as a module even when it has no import or export (what
 * `moduleDetection: force` does; ts-morph parses files itself, so the option alone does not reach
 * them). Otherwise a script's top-level names are globals shared with every other script of the
 * project, and a rewrite that adds a function to two scripts (the decided rewrites' helpers) is a
 * duplicate declaration only when both are migrated together: the gate would then undo it, and a
 * file would migrate differently depending on the unrelated files beside it. JavaScript keeps its
 * own detection: marking a CommonJS file a module would hide its `module.exports` from its
 * `require`s, and its scripts are not type-checked (`checkJs: false`).
 */
export function heldAsModule(file: SourceFile): SourceFile {
  const node = file.compilerNode as { externalModuleIndicator?: unknown; isDeclarationFile: boolean };
  if (
    !node.isDeclarationFile &&
    node.externalModuleIndicator === undefined &&
    TYPESCRIPT_SOURCE.test(file.getFilePath())
  )
    node.externalModuleIndicator = true;
  return file;
}
