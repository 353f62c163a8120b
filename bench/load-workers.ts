/**
 * The load workers of a cold start alone, side by side in one process: one
 * worker thread of each checkout (its compiled load worker, built by
 * `npm run build`, with that checkout's WORKER_LIMITS) reads, hashes, parses
 * and tokenizes every chunk of a folder as a cold load sends them (128 files,
 * two in flight), sides taking turns round by round so both see the same
 * machine load. Prints each side's wall clock and process CPU (the worker,
 * V8's helper threads, and this thread taking the replies), medians and
 * ratios. The two sides' replies must be identical, chunk by chunk (files,
 * fields, warnings, stamps, postings: a digest), or it fails.
 *
 *   npm run build && node --import tsx bench/load-workers.ts --baseline ../main [--docs 10000 | --corpus DIR] [--rounds 5]
 *
 * Without --baseline it times this checkout alone. --docs writes a generated
 * corpus to a temporary folder (read once before timing, so that both sides
 * find its files in the page cache).
 */
import { createHash, type Hash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { generateCorpus } from "../scripts/generate-corpus.js";
import { DEFAULT_KIND_MAP } from "../src/contract/kinds.js";
import { listMarkdownFiles } from "../src/corpus/walk.js";
// Files per chunk and chunks in flight, as folder-load.ts sends them.
import { CHUNK_FILES, IN_FLIGHT } from "../src/server/search/folder-load.js";
import type { ChunkJob, ChunkReply } from "../src/server/search/load-chunk.js";

const { values } = parseArgs({
  options: {
    baseline: { type: "string" },
    docs: { type: "string", default: "10000" },
    corpus: { type: "string" },
    rounds: { type: "string", default: "5" },
  },
});
const ROUNDS = Number(values.rounds);

interface Side {
  readonly name: string;
  readonly worker: URL;
  readonly limits: ResourceLimits;
}

async function side(name: string, root: string): Promise<Side> {
  const worker = join(root, "dist/src/server/search/load-worker.js");
  const folderLoad = join(root, "dist/src/server/search/folder-load.js");
  if (!existsSync(worker) || !existsSync(folderLoad)) {
    throw new Error(`${root} has no compiled load worker: run \`npm run build\` there first`);
  }
  const { WORKER_LIMITS } = (await import(pathToFileURL(folderLoad).href)) as {
    WORKER_LIMITS: ResourceLimits;
  };
  return { name, worker: pathToFileURL(worker), limits: WORKER_LIMITS };
}

function corpusFolder(): { dir: string; temporary: boolean } {
  if (values.corpus) return { dir: resolve(values.corpus), temporary: false };
  const dir = mkdtempSync(join(tmpdir(), "oddkit-bench-workers-"));
  for (const file of generateCorpus({ docs: Number(values.docs) })) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
  }
  return { dir, temporary: true };
}

/** Everything a reply says, in chunk order (bigint-free: stamps are strings). */
function digestReply(hash: Hash, reply: ChunkReply): void {
  hash.update(JSON.stringify(reply.files));
  const terms = reply.terms;
  if (terms === null) return;
  hash.update(JSON.stringify(terms.newTerms));
  for (const column of [terms.keys, terms.freqs, terms.docStart, terms.fieldLengths]) {
    hash.update(`${column.constructor.name}:${column.length}:`);
    hash.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
}

interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly digest: string;
}

/** One worker of `s` runs every chunk of the folder (a cold load: nothing cached, tokenizing). */
async function run(s: Side, root: string, paths: readonly string[], digest: boolean): Promise<Timing> {
  const loadStartNs = LOAD_START_NS;
  const cpu = process.cpuUsage();
  const start = performance.now();
  const worker = new Worker(s.worker, { resourceLimits: s.limits });
  const hash = createHash("sha256");
  const chunks = Math.ceil(paths.length / CHUNK_FILES);
  const replies = new Map<number, ChunkReply>();
  let sent = 0;
  let taken = 0;
  const send = () => {
    const id = sent++;
    const chunkPaths = paths.slice(id * CHUNK_FILES, (id + 1) * CHUNK_FILES);
    const job: ChunkJob = {
      id,
      root,
      kindMap: DEFAULT_KIND_MAP,
      paths: chunkPaths,
      cachedHashes: chunkPaths.map(() => null),
      tokenize: true,
      loadStartNs,
    };
    worker.postMessage(job);
  };
  try {
    await new Promise<void>((done, fail) => {
      worker.on("error", fail);
      worker.on("exit", (code) => fail(new Error(`${s.name}: the worker exited (${code})`)));
      worker.on("message", (reply: ChunkReply | { id: number; error: string }) => {
        if ("error" in reply) return fail(new Error(`${s.name}: ${reply.error}`));
        replies.set(reply.id, reply);
        for (let next = replies.get(taken); next !== undefined; next = replies.get(taken)) {
          if (digest) digestReply(hash, next);
          replies.delete(taken++);
        }
        if (sent < chunks) send();
        if (taken === chunks) done();
      });
      while (sent < Math.min(IN_FLIGHT, chunks)) send();
    });
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
  const used = process.cpuUsage(cpu);
  return {
    wallMs: performance.now() - start,
    cpuMs: (used.user + used.system) / 1000,
    digest: digest ? hash.digest("hex") : "",
  };
}

/** One load start for every run: a file's stamp (racy-git rule, stamp.ts) is then the same in every reply. */
const LOAD_START_NS = BigInt(Date.now()) * 1_000_000n;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const here = await side("this checkout", resolve(import.meta.dirname, ".."));
const sides = values.baseline ? [await side("baseline", resolve(values.baseline)), here] : [here];
const corpus = corpusFolder();
try {
  const listing = await listMarkdownFiles(corpus.dir);
  for (const path of listing.paths) readFileSync(join(listing.root, path)); // into the page cache
  console.log(
    `${listing.paths.length} files in ${corpus.dir}, one worker a side, ${ROUNDS} rounds, sides taking turns`,
  );
  // The first round is also the check: every side's replies, digested chunk by chunk, must agree.
  const timings = new Map(sides.map((s) => [s.name, [] as Timing[]]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const s of order) {
      const timing = await run(s, listing.root, listing.paths, round === 0);
      timings.get(s.name)!.push(timing);
      console.log(
        `round ${round + 1} ${s.name.padEnd(14)} wall ${timing.wallMs.toFixed(0).padStart(6)} ms  CPU ${timing.cpuMs.toFixed(0).padStart(6)} ms  load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
  const digests = new Set(sides.map((s) => timings.get(s.name)![0]!.digest));
  if (digests.size !== 1)
    throw new Error("the sides' workers replied differently (files, fields or postings)");
  const rows = sides.map((s) => {
    const ts = timings.get(s.name)!;
    return { name: s.name, wall: median(ts.map((t) => t.wallMs)), cpu: median(ts.map((t) => t.cpuMs)) };
  });
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(14)} median wall ${r.wall.toFixed(0).padStart(6)} ms  CPU ${r.cpu.toFixed(0).padStart(6)} ms`,
    );
  }
  if (rows.length === 2) {
    const [base, mine] = rows as [(typeof rows)[0], (typeof rows)[0]];
    console.log(
      `ratio (this / baseline): wall ${(mine.wall / base.wall).toFixed(2)}×, CPU ${(mine.cpu / base.cpu).toFixed(2)}×; replies identical (${[...digests][0]!.slice(0, 16)})`,
    );
  }
} finally {
  if (corpus.temporary) rmSync(corpus.dir, { recursive: true, force: true });
}
