/**
 * Load a consumer's predicate module (`--predicate FILE`): TypeScript through
 * tsx's `tsImport` (no build step, relative .ts imports work), JavaScript
 * through a plain dynamic import. The module exports the predicate as its
 * default export, or as its only exported function.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { LocalPredicate } from "./compare.js";

const TS_EXTENSIONS = /\.(ts|mts|cts|tsx)$/i;

export async function loadPredicate(file: string, cwd: string = process.cwd()): Promise<LocalPredicate> {
  const path = resolve(cwd, file);
  try {
    if (!(await stat(path)).isFile()) throw new Error("not a file");
  } catch (error) {
    throw new Error(
      `--predicate: cannot read '${file}' (${(error as Error).message}); pass a .ts or .js module`,
    );
  }
  const url = pathToFileURL(path).href;
  let mod: Record<string, unknown>;
  if (TS_EXTENSIONS.test(path)) {
    let tsImport: (specifier: string, parent: string) => Promise<unknown>;
    try {
      ({ tsImport } = await import("tsx/esm/api"));
    } catch {
      throw new Error(
        `--predicate: loading a TypeScript predicate needs the 'tsx' package; install it, or pass a .js module`,
      );
    }
    mod = (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  } else {
    mod = (await import(url)) as Record<string, unknown>;
  }
  return pickPredicate(mod, file);
}

function pickPredicate(mod: Record<string, unknown>, file: string): LocalPredicate {
  // tsImport of a CommonJS-looking module may nest the default export one level down.
  const direct = mod.default;
  if (typeof direct === "function") return direct as LocalPredicate;
  if (direct && typeof (direct as { default?: unknown }).default === "function") {
    return (direct as { default: LocalPredicate }).default;
  }
  const functions = Object.entries(mod).filter(([, v]) => typeof v === "function");
  if (functions.length === 1) return functions[0]![1] as LocalPredicate;
  throw new Error(
    `--predicate: '${file}' must export the predicate as its default export (found ${functions.length ? functions.map(([k]) => k).join(", ") : "no functions"}); e.g. export default function isPublicFacing(doc) { … }`,
  );
}
