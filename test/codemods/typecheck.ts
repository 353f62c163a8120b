/**
 * Typecheck files against the SDK's own types: `oddkit-sdk` (and Deno's
 * `npm:oddkit-sdk`) map to `src/index.ts`, as a user's tsconfig would map
 * them to the installed package.
 */
import { resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "../..");

export function typecheck(files: readonly string[], extra: ts.CompilerOptions = {}): string[] {
  const options: ts.CompilerOptions = {
    ...extra,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.Preserve,
    types: ["node"],
    paths: {
      "oddkit-sdk": [resolve(ROOT, "src/index.ts")],
      "npm:oddkit-sdk": [resolve(ROOT, "src/index.ts")],
    },
  };
  const program = ts.createProgram({ rootNames: [...files], options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}
