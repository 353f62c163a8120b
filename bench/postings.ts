/**
 * The text side of a cold start, side by side in one process: the field
 * texts of each document and their postings chunks (what each load worker
 * does per chunk of 128 files), then the merge and grouping (what the loading
 * thread does), by this checkout and by another one (--baseline, e.g. a
 * worktree of main), rounds interleaved so both see the same machine load.
 * The two indexes must be identical (their digests are compared) or it fails.
 *
 *   node --expose-gc --import tsx bench/postings.ts --baseline ../main [--docs 10000] [--rounds 5]
 *
 * Without --baseline it times this checkout alone. With --expose-gc each run
 * starts after a full collection (the other side's garbage is not billed to it).
 */
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateCorpus } from "../scripts/generate-corpus.js";
import { corpusFromFiles } from "../src/corpus/index.js";
import type { CorpusDocument } from "../src/corpus/types.js";
// Files per chunk, as the workers of a folder load take them.
import { CHUNK_FILES } from "../src/server/search/folder-load.js";
// The columns a merge finishes with; both checkouts share this shape (the digest reads only these).
import type { Postings } from "../src/server/search/postings-build.js";

const { values } = parseArgs({
  options: {
    baseline: { type: "string" },
    docs: { type: "string", default: "10000" },
    rounds: { type: "string", default: "5" },
  },
});
const DOCS = Number(values.docs);
const ROUNDS = Number(values.rounds);

interface Builder {
  readonly name: string;
  readonly fieldTexts: (doc: CorpusDocument) => readonly string[];
  readonly TermChunker: new () => { chunk(documents: Iterable<readonly string[]>): unknown };
  readonly PostingsMerger: new (
    capacity: number,
  ) => {
    learn(source: number, chunk: unknown): void;
    merge(source: number, chunk: unknown): void;
    finish(): Postings;
  };
}

async function builder(name: string, root: string): Promise<Builder> {
  const terms = await import(join(root, "src/server/search/terms.ts"));
  const build = await import(join(root, "src/server/search/postings-build.ts"));
  return {
    name,
    fieldTexts: terms.fieldTexts,
    TermChunker: build.TermChunker,
    PostingsMerger: build.PostingsMerger,
  };
}

function digest(p: Postings): string {
  const hash = createHash("sha256");
  for (const term of p.terms) hash.update(`${term}\u0000`);
  for (const column of [p.sortedTermIds, p.start, p.docs, p.freqs, ...p.fieldLengths]) {
    hash.update(`${column.length}:`);
    hash.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
  hash.update(new Uint8Array(Float64Array.from(p.averageFieldLengths).buffer));
  return hash.digest("hex");
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

interface Timing {
  chunkCpu: number;
  chunkWall: number;
  mergeCpu: number;
  digest: string;
}

/** One cold build as a folder load runs it: field texts and chunks per 128 documents, then merged and grouped. */
function run(b: Builder, docs: readonly CorpusDocument[]): Timing {
  (globalThis as { gc?: () => void }).gc?.();
  const chunker = new b.TermChunker();
  const chunks: unknown[] = [];
  let cpu = process.cpuUsage();
  const wall = performance.now();
  for (let at = 0; at < docs.length; at += CHUNK_FILES) {
    const texts = docs.slice(at, at + CHUNK_FILES).map((doc) => b.fieldTexts(doc));
    chunks.push(chunker.chunk(texts));
  }
  const chunkWall = performance.now() - wall;
  const chunkCpu = cpuMs(cpu);
  (globalThis as { gc?: () => void }).gc?.();
  cpu = process.cpuUsage();
  const merger = new b.PostingsMerger(docs.length);
  for (const chunk of chunks) {
    merger.learn(0, chunk);
    merger.merge(0, chunk);
  }
  const postings = merger.finish();
  const mergeCpu = cpuMs(cpu);
  return { chunkCpu, chunkWall, mergeCpu, digest: digest(postings) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const here = await builder("this checkout", resolve(import.meta.dirname, ".."));
const sides = values.baseline ? [await builder("baseline", resolve(values.baseline)), here] : [here];
const docs = corpusFromFiles([...generateCorpus({ docs: DOCS })]).documents;
console.log(`${docs.length} generated documents, ${ROUNDS} rounds, sides interleaved`);
for (const side of sides) run(side, docs.slice(0, 1000)); // warm the JIT
const timings = new Map(sides.map((s) => [s.name, [] as Timing[]]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) timings.get(side.name)!.push(run(side, docs));
}
const digests = new Set([...timings.values()].flat().map((t) => t.digest));
if (digests.size !== 1) throw new Error(`the sides built different indexes: ${[...digests].join(", ")}`);
const rows = sides.map((side) => {
  const ts = timings.get(side.name)!;
  return {
    name: side.name,
    chunkCpu: median(ts.map((t) => t.chunkCpu)),
    chunkWall: median(ts.map((t) => t.chunkWall)),
    mergeCpu: median(ts.map((t) => t.mergeCpu)),
  };
});
const f = (ms: number) => ms.toFixed(0).padStart(8);
console.log(
  `${"".padEnd(16)}${"texts+chunks CPU ms".padStart(21)}${"wall ms".padStart(9)}${"merge+group CPU ms".padStart(20)}`,
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(16)}${f(r.chunkCpu).padStart(21)}${f(r.chunkWall)}${f(r.mergeCpu).padStart(20)}`,
  );
if (rows.length === 2) {
  const [base, mine] = rows as [(typeof rows)[0], (typeof rows)[0]];
  console.log(
    `ratio (this / baseline): texts+chunks CPU ${(mine.chunkCpu / base.chunkCpu).toFixed(2)}×, wall ${(mine.chunkWall / base.chunkWall).toFixed(2)}×; merge+group CPU ${(mine.mergeCpu / base.mergeCpu).toFixed(2)}×`,
  );
}
console.log(`index digest (both sides): ${[...digests][0]!.slice(0, 16)}`);
