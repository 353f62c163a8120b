/**
 * What the client entry costs an edge function or a browser: bundled with
 * esbuild (scripts/bundle-entry.ts), minified, gzipped at level 9, with the
 * largest contributors read from esbuild's metafile. Shared by the budget
 * test (test/runtime/bundle-size.test.ts) and bench/bundle-size.ts.
 */
import { gzipSync } from "node:zlib";
import { bundleEntry, type EntryBundle } from "./bundle-entry.js";

/** Issue 16's budget for the client entry without the tokenizer, minified + gzipped. */
export const ENTRY_BUDGET_BYTES = 60 * 1024;

export interface Contributor {
  readonly name: string;
  /** Minified bytes in the entry chunk, before gzip (esbuild's bytesInOutput). */
  readonly bytes: number;
}

export interface EntrySize {
  readonly minified: number;
  readonly gzipped: number;
  /** Lazy chunks (code reached only through `import()`), gzipped each. */
  readonly lazyGzipped: readonly {
    readonly file: string;
    readonly minified: number;
    readonly gzipped: number;
  }[];
  /** By package (node_modules) or by source folder, largest first. */
  readonly packages: readonly Contributor[];
  /** By module, largest first. */
  readonly modules: readonly Contributor[];
  readonly nodeImports: EntryBundle["nodeImports"];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function measureEntry(entry?: string): Promise<EntrySize> {
  const split = await bundleEntry({
    platform: "browser",
    minify: true,
    splitting: true,
    ...(entry ? { entry } : {}),
  });
  const entryName = Object.entries(split.metafile.outputs).find(([, o]) => o.entryPoint)?.[0];
  if (entryName === undefined) throw new Error("esbuild produced no entry chunk");
  const base = entryName.replace(/^.*\//, "/");
  const entryFile = split.outputFiles.find((f) => f.path.endsWith(base));
  if (!entryFile) throw new Error(`no output file for ${entryName}`);
  const lazyGzipped = split.outputFiles
    .filter((f) => f !== entryFile)
    .map((f) => ({
      file: f.path.replace(/^.*\//, ""),
      minified: f.contents.length,
      gzipped: gzipSync(f.contents, { level: 9 }).length,
    }));
  const inputs = Object.entries(split.metafile.outputs[entryName]?.inputs ?? {});
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of inputs) {
    const key =
      path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? path.split("/").slice(0, 2).join("/");
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  const bySize = (a: Contributor, b: Contributor) => b.bytes - a.bytes;
  return {
    minified: entryFile.contents.length,
    gzipped: gzipSync(entryFile.contents, { level: 9 }).length,
    lazyGzipped,
    packages: [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort(bySize),
    modules: inputs
      .map(([path, { bytesInOutput }]) => ({
        name: path.replace(/^.*node_modules\//, ""),
        bytes: bytesInOutput,
      }))
      .sort(bySize),
    nodeImports: split.nodeImports,
  };
}

/** The largest contributors, as lines to print (what to cut when the budget is broken). */
export function formatContributors(size: EntrySize, top = 8): string {
  const lines = ["largest contributors to the entry (minified bytes, before gzip):"];
  for (const p of size.packages.slice(0, top))
    lines.push(`  ${p.name.padEnd(38)}${kb(p.bytes).padStart(12)}`);
  lines.push("largest modules in the entry (minified bytes, before gzip):");
  for (const m of size.modules.slice(0, top)) lines.push(`  ${m.name.padEnd(58)}${kb(m.bytes).padStart(10)}`);
  return lines.join("\n");
}

/** Within budget or not, with a message naming the size, the budget and (when over) the top contributors. */
export function budgetVerdict(
  size: EntrySize,
  budget = ENTRY_BUDGET_BYTES,
): { met: boolean; message: string } {
  const met = size.gzipped <= budget;
  const head = `client entry without tokenizer ${kb(size.gzipped)} min+gzip, budget ≤ ${kb(budget)}: ${met ? "met" : "NOT met"}`;
  return { met, message: met ? head : `${head}\n${formatContributors(size)}` };
}
