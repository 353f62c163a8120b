/**
 * Size of the client entry (`src/index.ts`) as an edge function or a browser
 * would ship it: bundled with esbuild, minified, gzipped (zlib, level 9).
 * Code reached only through `import()` (the cl100k tokenizer, loaded on the
 * first token count) is split into lazy chunks and reported separately.
 *
 *   npx tsx bench/bundle-size.ts
 */
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bundleEntry } from "../scripts/bundle-entry.js";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** Issue 16's budget for the client entry without the tokenizer, minified + gzipped. */
export const ENTRY_BUDGET_BYTES = 60 * 1024;

async function main(): Promise<void> {
  const split = await bundleEntry({ platform: "browser", minify: true, splitting: true });
  if (split.nodeImports.length) {
    console.error("the client entry reaches Node built-ins:", split.nodeImports);
    process.exitCode = 1;
  }
  const entryName = Object.entries(split.metafile.outputs).find(([, o]) => o.entryPoint)?.[0];
  const rows = split.outputFiles.map((file) => {
    const isEntry = entryName !== undefined && file.path.endsWith(entryName.replace(/^.*\//, "/"));
    return {
      file: isEntry ? "entry (src/index.ts)" : `lazy chunk ${file.path.replace(/^.*\//, "")}`,
      isEntry,
      minified: file.contents.length,
      gzipped: gzipSync(file.contents, { level: 9 }).length,
    };
  });
  rows.sort((a, b) => Number(b.isEntry) - Number(a.isEntry) || b.gzipped - a.gzipped);
  const entry = rows.find((r) => r.isEntry);
  const lazy = rows.filter((r) => !r.isEntry);
  console.log("client entry bundle (esbuild, platform browser, es2022, minified; gzip level 9)");
  console.log(["part".padEnd(40), "minified".padStart(12), "gzipped".padStart(12)].join(""));
  for (const r of rows) {
    console.log([r.file.padEnd(40), kb(r.minified).padStart(12), kb(r.gzipped).padStart(12)].join(""));
  }
  const inputs = Object.entries(split.metafile.outputs[entryName ?? ""]?.inputs ?? {});
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of inputs) {
    const key =
      path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.split("/").slice(0, 2).join("/");
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  console.log("largest contributors to the entry (minified bytes, before gzip):");
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${name.padEnd(38)}${kb(bytes).padStart(12)}`);
  }
  console.log("largest modules in the entry (minified bytes, before gzip):");
  for (const [path, { bytesInOutput }] of inputs
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .slice(0, 8)) {
    console.log(`  ${path.replace(/^.*node_modules\//, "").padEnd(58)}${kb(bytesInOutput).padStart(10)}`);
  }
  if (entry) {
    const met = entry.gzipped <= ENTRY_BUDGET_BYTES;
    console.log(
      `goal: client entry without tokenizer ${kb(entry.gzipped)} min+gzip, budget ≤ ${kb(ENTRY_BUDGET_BYTES)}: ${met ? "met" : "NOT met"}`,
    );
    if (!met) process.exitCode = 1;
    const lazyGz = lazy.reduce((s, r) => s + r.gzipped, 0);
    console.log(
      `entry: ${kb(entry.gzipped)} gzipped loaded up front; lazy chunks ${kb(lazyGz)} gzipped ` +
        `(${(lazyGz / entry.gzipped).toFixed(1)}x the entry), loaded only when token counting is on`,
    );
  }
}

/** Gzipped size of a one-schema program on each zod flavour: what the validation library alone costs. */
async function zodFloor(): Promise<void> {
  const programs = {
    "zod (classic, as the contract core uses it)":
      'import { z } from "zod"; export const s = z.object({ a: z.string() });',
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
    console.log(`  ${name.padEnd(44)}${kb(gz).padStart(10)}`);
  }
  const [classic, mini] = sizes as [number, number];
  console.log(`  classic / mini: ${(classic / mini).toFixed(1)}x`);
}

await main();
await zodFloor();
