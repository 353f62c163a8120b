/**
 * Bundles the command line (`src/cli/main.ts`) into `dist/cli/` at `npm run
 * build`; `bin/oddkit-sdk.js` runs that bundle. Why: a cold `search` used to
 * load ~250 ES modules (zod alone 95 of them, 64 locale files that
 * `import * as z from "zod"` loads in Node but no command uses), and Node's
 * per-module resolve/read/format checks were the largest single cost of the
 * CLI's start after garbage collection (docs/performance.md). One bundle,
 * split at the CLI's dynamic imports, keeps "import only the command that
 * runs" (each command module is its own chunk, loaded on demand) while
 * costing a handful of module loads instead of hundreds.
 *
 * - The library entries (`dist/src/`, from tsc) are unchanged: only the bin
 *   uses this bundle. test/cli/bundle-output.test.ts holds the bundled bin's
 *   output equal to the unbundled CLI's.
 * - Dependencies are bundled; optional peers and the codemod package stay
 *   imports (loaded only when installed and used, as before).
 * - The folder-load worker (server/search/load-worker.ts) is an entry of
 *   its own beside the chunks: folder-load.ts starts `./load-worker.js`
 *   relative to its own module, which in the bundle is a chunk of dist/cli/.
 *
 *   tsx scripts/bundle-cli.ts   (run by `npm run build` after tsc)
 */
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLI_BUNDLE_DIR = `${ROOT}dist/cli`;

const manifest = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
  peerDependencies?: Record<string, string>;
};
/** Optional peers are the user's to install: imported from wherever they are, never bundled. */
const external = Object.keys(manifest.peerDependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
external.push("@oddkit-sdk/codemod", "@oddkit-sdk/codemod/*");

/**
 * CommonJS dependencies (commander, semver, picocolors) `require` Node built-ins; an ES module
 * has no `require`, so each output file gets one, made on first use (createRequire per chunk at
 * load cost ~1 ms each for nothing when the chunk never requires).
 */
const REQUIRE_BANNER = [
  'import { createRequire as __oddkitCreateRequire } from "node:module";',
  "let __oddkitRequire;",
  "const require = (id) => (__oddkitRequire ??= __oddkitCreateRequire(import.meta.url))(id);",
].join(" ");

// Chunk names carry content hashes: a stale chunk of an earlier build would only be dead weight.
rmSync(CLI_BUNDLE_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { main: "src/cli/main.ts", "load-worker": "src/server/search/load-worker.ts" },
  outdir: CLI_BUNDLE_DIR,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Chunks beside the entries, so `new URL("./load-worker.js", import.meta.url)` finds the worker.
  chunkNames: "[name]-[hash]",
  external,
  banner: { js: REQUIRE_BANNER },
  // Names as written: the CLI prints error names (OddkitRequestError: …) and its output must not change.
  keepNames: true,
  // Whitespace and syntax only (identifiers stay readable in stack traces): 2.3 → 1.6 MB installed.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "eof",
  logLevel: "warning",
  metafile: true,
});

const files = Object.keys(result.metafile.outputs).length;
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`bundle-cli: ${files} files, ${(bytes / 1024).toFixed(0)} KB in dist/cli`);
