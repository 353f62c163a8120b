/**
 * Which module a folder-load worker thread runs (folder-load.ts).
 *
 * Compiled (dist/, the bundled CLI), it is the `.js` beside folder-load. Run
 * from the TypeScript sources (tsx, vitest, the benches), a worker does not
 * inherit the `--import tsx` loader: it must register tsx itself, which
 * starts a loader thread of its own (and an esbuild service) and compiles
 * each module again — about 2.5 CPU-seconds per worker before it reads its
 * first file (10k cold-load profile), a fixed cost paid on every large load.
 * So when `npm run build` compiled these very sources, the worker runs the
 * compiled copy in dist/ instead: "these very sources" means every `.ts`
 * file the compiled worker loads (followed through its relative imports) is
 * no newer than its `.js`. An edit, checkout or stash after the build makes a
 * source newer, and the worker falls back to the sources through tsx: never
 * code other than the sources, only faster when they are built.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** How a worker starts: a compiled module, or a TypeScript module through tsx's loader. */
export type WorkerModule = { readonly compiled: URL } | { readonly typescript: URL };

/** Relative module specifiers of compiled JavaScript (static and dynamic imports, re-exports). */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * The module of the worker `name` (e.g. "load-worker") beside `here` (the importing module's
 * `import.meta.url`). `here` in `<root>/src/…/x.ts`: the compiled `<root>/dist/src/…/name.js`
 * when it is fresh (above), else `<root>/src/…/name.ts`.
 */
export function workerModule(here: string, name: string): WorkerModule {
  if (!here.endsWith(".ts")) return { compiled: new URL(`./${name}.js`, here) };
  const source = new URL(`./${name}.ts`, here);
  const sourceFile = fileURLToPath(source);
  const root = rootOf(sourceFile);
  if (root === null) return { typescript: source };
  const compiledFile = join(root, "dist", relative(root, sourceFile)).replace(/\.ts$/, ".js");
  return builtFrom(compiledFile, root) ? { compiled: pathToFileURL(compiledFile) } : { typescript: source };
}

/** The folder holding `src/` for a source file under it, or null. */
function rootOf(sourceFile: string): string | null {
  const at = sourceFile.lastIndexOf(`${sep}src${sep}`);
  return at < 0 ? null : sourceFile.slice(0, at);
}

/**
 * Is `entry` (a compiled module under `<root>/dist/`), with every module it imports, compiled from
 * sources no newer than it? Any missing or unreadable file answers no.
 */
export function builtFrom(entry: string, root: string): boolean {
  const dist = join(root, "dist");
  const seen = new Set<string>();
  const pending = [entry];
  try {
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const source = join(root, relative(dist, file)).replace(/\.js$/, ".ts");
      if (!file.startsWith(`${dist}${sep}`) || statSync(source).mtimeMs > statSync(file).mtimeMs)
        return false;
      for (const match of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
        pending.push(resolve(dirname(file), match[1]!));
      }
    }
  } catch {
    return false;
  }
  return true;
}
