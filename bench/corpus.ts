/**
 * Corpus generation and loading speed: the bundled size (566 documents) and a
 * large one (10,000), generated into the OS temp folder and loaded with
 * loadCorpus (glob, read, YAML, structure, hashes). Add --large for 100,000.
 *
 *   npx tsx bench/corpus.ts [--large]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeCorpus } from "../scripts/generate-corpus.js";
import { loadCorpus } from "../src/corpus/index.js";

interface Row {
  readonly docs: number;
  readonly megabytes: number;
  readonly generateSeconds: number;
  readonly loadSeconds: number;
  readonly warnings: number;
}

async function measure(docs: number): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), `oddkit-bench-corpus-${docs}-`));
  try {
    const out = join(dir, "corpus");
    let started = performance.now();
    const written = writeCorpus(out, { docs });
    const generateSeconds = (performance.now() - started) / 1000;
    await loadCorpus(out); // warm the page cache and the JIT, as a long-running server would be
    started = performance.now();
    const corpus = await loadCorpus(out);
    const loadSeconds = (performance.now() - started) / 1000;
    if (corpus.documents.length !== docs) {
      throw new Error(`loaded ${corpus.documents.length} documents, generated ${docs}`);
    }
    return {
      docs,
      megabytes: written.bytes / 1e6,
      generateSeconds,
      loadSeconds,
      warnings: corpus.warnings.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizes = process.argv.includes("--large") ? [566, 10_000, 100_000] : [566, 10_000];
  const rows: Row[] = [];
  for (const docs of sizes) rows.push(await measure(docs));
  const base = rows[0]!;
  const pad = (s: string, n: number) => s.padStart(n);
  console.log("corpus generation and loadCorpus (warm cache), one process, same machine");
  console.log(
    [
      "docs".padEnd(10),
      pad("MB", 8),
      pad("generate s", 12),
      pad("load s", 10),
      pad("load docs/s", 13),
      pad("vs 566", 9),
      pad("warnings", 10),
    ].join(""),
  );
  for (const r of rows) {
    const rate = r.docs / r.loadSeconds;
    const baseRate = base.docs / base.loadSeconds;
    console.log(
      [
        String(r.docs).padEnd(10),
        pad(r.megabytes.toFixed(1), 8),
        pad(r.generateSeconds.toFixed(2), 12),
        pad(r.loadSeconds.toFixed(2), 10),
        pad(Math.round(rate).toLocaleString("en-US"), 13),
        pad(`${(rate / baseRate).toFixed(2)}×`, 9),
        pad(String(r.warnings), 10),
      ].join(""),
    );
  }
}

await main();
