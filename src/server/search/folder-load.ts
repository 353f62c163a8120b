/**
 * The server's load of a corpus folder: `loadCorpus`'s result, faster on a
 * large folder kept on disk. Its files are read, hashed and parsed by worker
 * threads, a chunk of the listing at a time, and on a cold load (the parse
 * cache holds none of them) each served document is tokenized for the search
 * index while its text is in hand: the index build then neither reads nor
 * hashes the files again. Chunks come back in any order and are taken in
 * listing order, and the postings are merged in document order
 * (postings-build.ts), so the corpus and its index are exactly those of the
 * one-file-at-a-time load and build (test/server/search/folder-load.test.ts).
 *
 * A worker that cannot start, fails or replies with anything unexpected is
 * retired and its chunks are run by the loading thread; small or resident
 * folders load as `loadCorpus` does (starting threads would cost more than
 * it saves).
 */
import { availableParallelism } from "node:os";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { normalizePath } from "../../contract/index.js";
import {
  type CorpusOptions,
  type FileOutcome,
  type FolderJob,
  loadCorpusWith,
  parseFolderFiles,
} from "../../corpus/load.js";
import { OnDiskDocument } from "../../corpus/on-disk.js";
import type { ParseResult } from "../../corpus/parse.js";
import type { Corpus } from "../../corpus/types.js";
import { type ChunkFile, type ChunkJob, ChunkParser, type ChunkReply } from "./load-chunk.js";
import { type Postings, PostingsMerger } from "./postings-build.js";
import { rememberPostings } from "./prebuilt.js";
import { type WorkerModule, workerModule } from "./worker-module.js";

export interface FolderLoadOptions extends CorpusOptions {
  /** Worker threads (default: the machine's parallelism, at most 4); 0 runs every chunk in this thread. */
  readonly workers?: number;
  /** Fewest listed files worth worker threads (default 2,000). */
  readonly parallelFrom?: number;
  /** Heap limits of each worker thread (default WORKER_LIMITS); a worker past them is retired, its chunks run here. */
  readonly workerLimits?: ResourceLimits;
}

/**
 * A worker's heap: what it keeps is its tokenizer's dictionaries (a few MB at 100k generated
 * documents); the rest is each file's YAML and text garbage. Left unbounded, each worker's heap
 * grew to ~200 MB before collecting (10k documents: 460 MB peak RSS with the limits off, 363 MB
 * with them). A corpus whose dictionaries outgrow the limit retires its workers: slower, never wrong.
 * The young generation: each document's text dies before the next is read (load-chunk.ts), so
 * a scavenge finds little alive; 16 MB instead of 8 took a worker 0.76× the CPU (one worker over
 * all 10k chunks, 5 interleaved rounds; 24 and 32 MB measured the same as 16, 12 the same as 8).
 */
export const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

/** What tests set in a folder load. */
export interface FolderLoadInternals {
  readonly workerModule?: WorkerModule;
  /** The wall clock the racy-git rule measures against (stamp.ts; loadCorpusWith's `clock`). */
  readonly clock?: () => bigint;
}

/** What a folder load did (tests and the bench read it). */
export interface FolderLoadReport {
  /** Worker threads started (0: loaded as `loadCorpus` does). */
  readonly workers: number;
  /** Chunks run by worker threads, and by the loading thread. */
  readonly chunksInWorkers: number;
  readonly chunksInThread: number;
  /** The search index's postings were built during the load (a cold load). */
  readonly postings: boolean;
}

const DEFAULT_PARALLEL_FROM = 2000;
/** Files per chunk: enough to amortise a message, few enough to keep both threads busy to the end. */
export const CHUNK_FILES = 128;
/** Chunks sent to a worker ahead of its replies, so it never waits for the loading thread. */
export const IN_FLIGHT = 2;

/** `loadCorpus(dir, options)`, with worker threads and the search postings on a large folder kept on disk. */
export async function loadServedCorpus(dir: string, options: FolderLoadOptions = {}): Promise<Corpus> {
  return (await loadServedCorpusReport(dir, options)).corpus;
}

/** `loadServedCorpus`, with what it did. */
export async function loadServedCorpusReport(
  dir: string,
  options: FolderLoadOptions = {},
  internals: FolderLoadInternals = {},
): Promise<{ corpus: Corpus; report: FolderLoadReport }> {
  const wanted = options.workers ?? Math.min(4, availableParallelism());
  if (!(Number.isInteger(wanted) && wanted >= 0)) {
    throw new TypeError(`loadServedCorpus: workers must be an integer ≥ 0, got ${String(options.workers)}`);
  }
  const from = options.parallelFrom ?? DEFAULT_PARALLEL_FROM;
  let run: ParallelRun | null = null;
  const corpus = await loadCorpusWith(
    dir,
    options,
    (job) => {
      if (!job.onDisk || job.paths.length < from) return parseFolderFiles(job);
      const module =
        wanted === 0 ? null : (internals.workerModule ?? workerModule(import.meta.url, "load-worker"));
      run = new ParallelRun(job, module, wanted, options.workerLimits ?? WORKER_LIMITS);
      return run.outcomes();
    },
    internals.clock,
  );
  const done = run as ParallelRun | null;
  let postings = false;
  // The postings are grouped only now, after the parse cache is written and the corpus assembled:
  // the chunks (6 bytes a posting) are smaller than the grouped columns (8), and neither the
  // cache's serialisation nor the assembly then shares the peak with the grouping itself.
  if (done?.merged && samePaths(corpus, done.paths)) {
    rememberPostings(corpus.documents, done.postings());
    postings = true;
  }
  return {
    corpus,
    report: {
      workers: done?.started ?? 0,
      chunksInWorkers: done?.inWorkers ?? 0,
      chunksInThread: done?.inThread ?? 0,
      postings,
    },
  };
}

/** The postings index the served documents in this order (a path normalised onto another's would not). */
function samePaths(corpus: Corpus, paths: readonly string[]): boolean {
  return corpus.documents.length === paths.length && corpus.documents.every((d, i) => d.path === paths[i]);
}

/**
 * A worker thread running load-worker (worker-module.ts: compiled when it can be). A TypeScript
 * module first registers tsx's loader, then imports the .ts module (a worker does not inherit the
 * loader hooks of `--import tsx`).
 */
function startWorker(module: WorkerModule, resourceLimits: ResourceLimits): Worker {
  if ("compiled" in module) return new Worker(module.compiled, { resourceLimits });
  const url = module.typescript.href;
  return new Worker(
    `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`,
    { eval: true, resourceLimits },
  );
}

interface Lane {
  readonly worker: Worker;
  readonly source: number;
  readonly pending: ChunkJob[];
  alive: boolean;
}

interface Done {
  readonly reply: ChunkReply;
  readonly source: number;
}

/** One parallel load: the chunks, the workers, and the postings merged as chunks are taken in order. */
class ParallelRun {
  readonly #job: FolderJob;
  readonly #chunks: ChunkJob[] = [];
  readonly #done = new Map<number, Done>();
  readonly #orphans: ChunkJob[] = [];
  readonly #lanes: Lane[] = [];
  readonly #merger: PostingsMerger | null;
  /** Paths of the served documents, in the order their postings were merged. */
  readonly paths: string[] = [];
  readonly #local = new ChunkParser();
  #next = 0;
  #wake: (() => void) | null = null;
  started = 0;
  inWorkers = 0;
  inThread = 0;
  /** Every chunk's postings were merged (a cold load that ran to the end). */
  merged = false;

  /** `module`: what each of the `workers` threads runs (null: none). */
  constructor(job: FolderJob, module: WorkerModule | null, workers: number, limits: ResourceLimits) {
    this.#job = job;
    // Tokenize only on a cold load: when the parse cache knows these files, the index cache most
    // likely holds their index too, and a cached parse is never tokenized.
    const tokenize = job.paths.every((path) => job.cachedHash(path) === undefined);
    this.#merger = tokenize ? new PostingsMerger(job.paths.length) : null;
    for (let at = 0, id = 0; at < job.paths.length; at += CHUNK_FILES, id++) {
      const paths = job.paths.slice(at, at + CHUNK_FILES);
      const cachedHashes = paths.map((path) => job.cachedHash(path) ?? null);
      const loadStartNs = job.loadStartNs ?? null;
      this.#chunks.push({
        id,
        root: job.root,
        kindMap: job.kindMap,
        paths,
        cachedHashes,
        tokenize,
        loadStartNs,
      });
    }
    for (let source = 0; module !== null && source < Math.min(workers, this.#chunks.length); source++) {
      let worker: Worker;
      try {
        worker = startWorker(module, limits);
      } catch {
        break;
      }
      const lane: Lane = { worker, source, pending: [], alive: true };
      worker.on("message", (reply: ChunkReply | { id: number; error: string }) => this.#receive(lane, reply));
      worker.on("error", () => this.#retire(lane));
      worker.on("exit", () => this.#retire(lane));
      this.#lanes.push(lane);
      this.started++;
      this.#feed(lane);
    }
  }

  /** The files' outcomes in listing order, a chunk at a time. */
  async *outcomes(): AsyncGenerator<readonly FileOutcome[]> {
    try {
      for (let id = 0; id < this.#chunks.length; id++) {
        let done = this.#done.get(id);
        while (done === undefined) {
          // An orphaned chunk (its worker retired), or the next one when no worker is left: run it here.
          const local =
            this.#orphans.shift() ??
            (this.#lanes.some((l) => l.alive) ? undefined : this.#chunks[this.#next++]);
          if (local !== undefined) this.#runHere(local);
          else await new Promise<void>((wake) => (this.#wake = wake));
          done = this.#done.get(id);
        }
        this.#done.delete(id);
        yield this.#take(done);
      }
      this.merged = this.#merger !== null;
    } finally {
      for (const lane of this.#lanes) {
        lane.alive = false;
        void lane.worker.terminate();
      }
    }
  }

  /** The merged postings, grouped (once every chunk is merged; the merger is spent afterwards). */
  postings(): Postings {
    if (!this.merged || this.#merger === null)
      throw new Error("folder load: the postings are not all merged");
    return this.#merger.finish();
  }

  /** A chunk's outcomes; its postings merged (chunks are taken in document order). */
  #take({ reply, source }: Done): FileOutcome[] {
    if (this.#merger !== null && reply.terms !== null) this.#merger.merge(source, reply.terms);
    return reply.files.map((file) => this.#outcome(file));
  }

  #outcome(file: ChunkFile): FileOutcome {
    if ("unreadable" in file) return file;
    if ("cached" in file) return file;
    const document = file.fields === null ? null : new OnDiskDocument(file.fields, this.#job.root, true);
    if (document !== null) this.paths.push(normalizePath(file.path));
    const result: ParseResult =
      file.skipped === undefined
        ? { document, warnings: file.warnings }
        : { document, warnings: file.warnings, skipped: file.skipped };
    return { path: file.path, hash: file.hash, result, stamp: file.stamp };
  }

  #runHere(chunk: ChunkJob): void {
    const reply = this.#local.parse(chunk, true);
    const source = this.#lanes.length; // the loading thread's own postings source
    if (reply.terms !== null) this.#merger?.learn(source, reply.terms);
    this.#done.set(chunk.id, { reply, source });
    this.inThread++;
  }

  #feed(lane: Lane): void {
    while (lane.alive && lane.pending.length < IN_FLIGHT && this.#next < this.#chunks.length) {
      const chunk = this.#chunks[this.#next++]!;
      lane.pending.push(chunk);
      lane.worker.postMessage(chunk);
    }
  }

  #receive(lane: Lane, reply: ChunkReply | { id: number; error: string }): void {
    if (!lane.alive) return;
    const chunk = lane.pending[0];
    if ("error" in reply || chunk === undefined || reply.id !== chunk.id) {
      this.#retire(lane);
      return;
    }
    lane.pending.shift();
    // Learnt in the order this worker made its chunks (its term ids run on from chunk to chunk).
    if (reply.terms !== null) this.#merger?.learn(lane.source, reply.terms);
    this.#done.set(reply.id, { reply, source: lane.source });
    this.inWorkers++;
    this.#feed(lane);
    this.#notify();
  }

  /** Stop using a worker: the chunks it was given and did not answer run in the loading thread. */
  #retire(lane: Lane): void {
    if (!lane.alive) return;
    lane.alive = false;
    void lane.worker.terminate();
    this.#orphans.push(...lane.pending.splice(0));
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}
