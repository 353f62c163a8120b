/**
 * Size of the client entry (`src/index.ts`) as an edge function or a browser
 * would ship it: bundled with esbuild, minified, gzipped (zlib, level 9).
 * Code reached only through `import()` is split into lazy chunks and
 * reported separately. The same measurement is a test
 * (test/runtime/bundle-size.test.ts), which fails past the budget.
 *
 *   npx tsx bench/bundle-size.ts
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { budgetVerdict, formatContributors, measureEntry } from "../scripts/entry-size.js";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const size = await measureEntry();
  if (size.nodeImports.length) {
    console.error("the client entry reaches Node built-ins:", size.nodeImports);
    process.exitCode = 1;
  }
  console.log("client entry bundle (esbuild, platform browser, es2022, minified; gzip level 9)");
  console.log(["part".padEnd(40), "minified".padStart(12), "gzipped".padStart(12)].join(""));
  console.log(
    ["entry (src/index.ts)".padEnd(40), kb(size.minified).padStart(12), kb(size.gzipped).padStart(12)].join(
      "",
    ),
  );
  for (const r of size.lazyGzipped) {
    console.log(
      [`lazy chunk ${r.file}`.padEnd(40), kb(r.minified).padStart(12), kb(r.gzipped).padStart(12)].join(""),
    );
  }
  console.log(formatContributors(size));
  const verdict = budgetVerdict(size);
  console.log(`goal: ${verdict.message.split("\n")[0]}`);
  if (!verdict.met) process.exitCode = 1;
}

/** Gzipped size of a one-schema program on each zod flavour: what the validation library alone costs. */
async function zodFloor(): Promise<void> {
  const programs = {
    "zod (classic, `import * as z`, as the contract core uses it)":
      'import * as z from "zod"; export const s = z.object({ a: z.string() });',
    "zod/mini (tree-shakeable)":
      'import * as z from "zod/mini"; export const s = z.object({ a: z.string() });',
  };
  console.log("floor cost of the validation library (one schema, minified + gzipped):");
  const sizes: number[] = [];
  for (const [name, contents] of Object.entries(programs)) {
    const out = await build({
      stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      platform: "browser",
      logLevel: "silent",
    });
    const gz = gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
    sizes.push(gz);
    console.log(`  ${name.padEnd(62)}${kb(gz).padStart(10)}`);
  }
  const [classic, mini] = sizes as [number, number];
  console.log(`  classic / mini: ${(classic / mini).toFixed(1)}x`);
}

await main();
await zodFloor();
