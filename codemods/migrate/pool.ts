/**
 * Spreading files over worker processes. The pool reads every file once
 * and sends the candidates' text, in batches, to lanes: worker processes
 * running the compiled runner (`codemods/dist/migrate/worker.js`), or, when it is
 * absent (running from the TypeScript sources before `npm run build`), when
 * one worker is asked for or the files are few, a single in-process lane.
 * Both lanes run the same `transformBatch`.
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { mentionsOddkit } from "../lib/shapes.js";
import { decodeUtf8, MigrateFileError, readSourceBytes } from "./file-io.js";
import { interruptedOutcome } from "./interrupt.js";
import { MIGRATE_MAX_FILE_BYTES } from "./limits.js";
import { checkHere, type ParseCheck, parseFailure } from "./parse-check.js";
import {
  type FileOutcome,
  readFailure,
  type SourceFile,
  scanTodos,
  transformBatch,
} from "./transform-file.js";
import type { WorkerReply, WorkerRequest } from "./worker.js";

/** The compiled worker: beside this module when running from dist, else in the package's dist/. */
export function compiledWorkerPath(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "worker.js"), resolve(here, "../dist/migrate/worker.js")];
  return candidates.find((c) => c.endsWith(".js") && existsSync(c)) ?? null;
}

/**
 * Options that run code of the parent's in a process besides its entry module: preloads and module
 * hooks, and the parent's own `-e`/`-p` script (which `fork` drops only from the default execArgv),
 * with `--input-type`, which describes that script and makes node refuse an ES module entry (the
 * worker) with ERR_INPUT_TYPE_NOT_ALLOWED.
 */
const PARENT_CODE_FLAGS = new Set([
  "--input-type",
  "--import",
  "--require",
  "-r",
  "--loader",
  "--experimental-loader",
  "-e",
  "--eval",
  "-p",
  "--print",
]);

/**
 * The parent's node options for a worker, less the code it loads or runs (PARENT_CODE_FLAGS): the
 * worker is plain compiled JavaScript, and a parent run through a TypeScript loader (tsx, say) would
 * load that loader into every worker too (under tsx, 1.9–2.5 CPU-s per worker to start instead of 0.8).
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i] as string;
    const name = arg.split("=")[0] as string;
    if (!PARENT_CODE_FLAGS.has(name)) kept.push(arg);
    else if (!arg.includes("=")) i++; // its value is the next argument
  }
  return kept;
}

export interface PoolOptions {
  readonly concurrency: number;
  readonly transforms: readonly string[];
  /** Force the mode (tests); default: workers when compiled and concurrency > 1. */
  readonly mode?: "workers" | "in-process";
  readonly onOutcome?: (outcome: FileOutcome) => void;
  /** Files over this many bytes are refused at read time (default `MIGRATE_MAX_FILE_BYTES`). */
  readonly maxFileBytes?: number;
  /** Stop taking batches once aborted (SIGINT/SIGTERM): the files not transformed are reported as interrupted. */
  readonly signal?: AbortSignal;
  /**
   * Work of the caller's to do on this thread while worker processes
   * transform (migrate prepares its engine here), given every file's text:
   * called once, after the first batches are sent. Worker lanes keep two
   * batches in flight, so a worker stays busy while this thread is. In-process,
   * it runs after the transforms. The pool waits for the promise it returns.
   */
  readonly alongside?: (sources: ReadonlyMap<string, string>) => void | Promise<void>;
  /** Called with each worker process as it is forked (tests watch the workers' lifetime with it). */
  readonly onFork?: (child: ChildProcess) => void;
  /**
   * The caller's work after the transforms (migrate's engine and output check), given the run and a
   * parse check that runs on the workers while they are still up — warm, where this process would
   * run the parser cold — or here when there are none. The workers stop once it settles.
   */
  readonly after?: (run: PoolRun, check: ParseCheck) => Promise<void>;
}

export interface PoolRun {
  readonly outcomes: FileOutcome[];
  readonly mode: "workers" | "in-process";
  readonly workers: number;
  /** Every file's text as read (once) by the pool, for the project-wide pass. */
  readonly sources: ReadonlyMap<string, string>;
}

/** Files per message: small enough to balance, large enough to amortise IPC. */
const BATCH = 16;
/** Texts per check message to a worker (parsing one takes a fraction of transforming it). */
const CHECK_BATCH = 32;
/** Texts this process checks between two macrotask turns (it parses cold: a short slice at a time). */
const CHECK_HERE = 8;
/** Batches a worker holds at once: the next one is queued while it transforms one. */
const IN_FLIGHT = 2;
/** Files read (synchronously, file-io.ts) between two macrotask turns, so that a signal lands while a large tree is read. */
const READ_WINDOW = 256;

/** Runs one batch: in this process, or in a worker process. */
type Lane = (batch: readonly SourceFile[]) => Promise<readonly FileOutcome[]>;
/** One request to one worker, answered in the order sent. */
type Ask = (request: WorkerRequest) => Promise<WorkerReply>;

export async function runPool(files: readonly string[], options: PoolOptions): Promise<PoolRun> {
  const worker = compiledWorkerPath();
  if (options.mode === "workers" && !worker) {
    throw new Error("migrate: the worker pool needs the compiled runner (dist/); run `npm run build` first");
  }
  const children: ChildProcess[] = [];
  // Work alongside (migrate's engine) keeps this process busy the whole run: it takes one of the
  // `concurrency` processes, the workers the rest (at least one). On the 2-core machine a second worker
  // took the CPU from the engine, the run's critical path: `migrate --dry` over 2,000 files with 200 /
  // 500 / 1,000 consumers took 7.5 / 13.0 / 20.1 s wall with one worker against 8.5 / 13.2 / 23.2 s with
  // two (both mixes run twice, interleaved), and as long with every file a consumer (28.0 / 27.9 s
  // against 28.5 / 27.5 s).
  const workerCount = Math.max(1, options.alongside ? options.concurrency - 1 : options.concurrency);
  const forkWorkers = () => {
    if (children.length > 0 || worker === null) return;
    for (let i = 0; i < workerCount; i++) {
      const child = fork(worker, [], {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        execArgv: workerExecArgv(),
      });
      // Forked before the files are read, a worker may fail or die before it is asked anything: that
      // surfaces when it is asked (channel: it is gone), never as an unhandled 'error' event.
      child.on("error", () => undefined);
      children.push(child);
      options.onFork?.(child);
    }
  };
  const workersWanted = (candidates: number) =>
    options.mode
      ? options.mode === "workers"
      : worker !== null && options.concurrency > 1 && candidates > 2 * BATCH;
  try {
    return await runWith(files, options, worker, children, workersWanted, forkWorkers);
  } finally {
    for (const child of children) child.kill();
  }
}

async function runWith(
  files: readonly string[],
  options: PoolOptions,
  worker: string | null,
  children: ChildProcess[],
  workersWanted: (candidates: number) => boolean,
  forkWorkers: () => void,
): Promise<PoolRun> {
  // Each file is read once, here. Files that never mention oddkit are settled unparsed: only the rest travel.
  const sources = new Map<string, string>();
  const settled = new Map<string, FileOutcome>();
  const candidates: SourceFile[] = [];
  // A worker takes a second or more to start (node, then the transforms and their parser): it is forked
  // before the files are read whenever there are files enough for workers to be wanted, and killed
  // below if too few of them turn out to mention oddkit. Forked once the candidates were counted, it
  // started 0.7 s into a 10%-consumer run (its caller's engine loads meanwhile) and finished last.
  if (workersWanted(files.length)) forkWorkers();
  const maxBytes = options.maxFileBytes ?? MIGRATE_MAX_FILE_BYTES;
  for await (const [file, read] of readSources(files, maxBytes, options.signal)) {
    if ("outcome" in read) {
      settled.set(file, read.outcome);
      continue;
    }
    const { source } = read;
    sources.set(file, source);
    if (mentionsOddkit(source)) candidates.push({ file, source });
    else settled.set(file, { file, status: "unchanged", sites: [], todos: scanTodos(source) });
  }
  const batches: SourceFile[][] = [];
  for (let i = 0; i < candidates.length; i += BATCH) batches.push(candidates.slice(i, i + BATCH));
  const useWorkers = workersWanted(candidates.length) && worker !== null;
  // Only as many workers as there are batches keep running (none when the job runs in-process).
  for (const child of children.splice(useWorkers ? Math.max(1, batches.length) : 0)) child.kill();
  const done: FileOutcome[] = [];
  let lanes: Lane[] = [];
  const asks: Ask[] = [];
  let id = 0;
  if (useWorkers) {
    // With work alongside, this thread is busy while the workers transform and cannot hand out
    // batches: every batch is sent up front (each worker queues its share).
    const inFlight = options.alongside ? Math.ceil(batches.length / children.length) : IN_FLIGHT;
    for (const child of children) {
      const ask = channel(child);
      asks.push(ask);
      // A worker answers its messages in order: each of its lanes is one batch in flight.
      for (let k = 0; k < inFlight; k++)
        lanes.push(async (batch) => {
          const reply = await ask({ id: id++, files: batch, transforms: options.transforms });
          if (!("outcomes" in reply)) throw new Error("migrate: a worker answered a batch with a check");
          // The worker leaves out the original text of a changed file: this thread has it.
          return reply.outcomes.map((o) =>
            o.status === "changed" ? { ...o, before: sources.get(o.file) as string } : o,
          );
        });
    }
  } else {
    lanes = [async (batch) => transformBatch(batch, options.transforms)];
  }
  let next = 0;
  // The caller's work alongside starts once every lane has sent its first batch (a macrotask later).
  const alongside =
    useWorkers && options.alongside
      ? new Promise<void>((settle, fail) =>
          setImmediate(() =>
            setImmediate(() => {
              try {
                Promise.resolve(options.alongside?.(sources)).then(settle, fail);
              } catch (error) {
                fail(error);
              }
            }),
          ),
        )
      : undefined;
  await Promise.all([
    ...(alongside ? [alongside] : []),
    ...lanes.map(async (lane) => {
      while (next < batches.length && !options.signal?.aborted) {
        // A macrotask turn per batch: an in-process lane never yields otherwise, and SIGINT/SIGTERM could not land.
        await new Promise((settle) => setImmediate(settle));
        // Another lane may have taken the last batch while this one waited.
        const batch = batches[next++];
        if (batch === undefined) break;
        for (const outcome of await lane(batch)) {
          done.push(outcome);
          options.onOutcome?.(outcome);
        }
      }
    }),
  ]);
  if (!useWorkers) await options.alongside?.(sources);
  for (const outcome of settled.values()) options.onOutcome?.(outcome);
  const byFile = new Map(done.map((o) => [o.file, o]));
  const outcomes = files.map((f) => settled.get(f) ?? byFile.get(f) ?? interruptedOutcome(f));
  const run: PoolRun = {
    outcomes,
    mode: useWorkers ? "workers" : "in-process",
    workers: useWorkers ? children.length : 1,
    sources,
  };
  await options.after?.(run, asks.length > 0 ? checkOnWorkers(asks, () => id++) : checkHere);
  return run;
}

/**
 * The parse check shared between the workers (warm: they parsed every file) and this process:
 * the workers take messages of CHECK_BATCH texts from the front, two in flight each, and this
 * process checks smaller slices from the back, a macrotask turn between them (so that replies come
 * in and further messages go out), until the two meet. A message a worker cannot answer (it died,
 * say) is checked here: the answer is the same wherever it is computed.
 */
function checkOnWorkers(asks: readonly Ask[], nextId: () => number): ParseCheck {
  return async (texts) => {
    const answers: (string | null)[] = new Array(texts.length).fill(null);
    let front = 0;
    let back = texts.length;
    const record = (start: number, failures: readonly (string | null)[]) =>
      failures.forEach((failure, i) => {
        answers[start + i] = failure;
      });
    const workerLane = async (ask: Ask) => {
      while (front < back) {
        const start = front;
        front = Math.min(back, front + CHECK_BATCH);
        const share = texts.slice(start, front);
        const failures = await ask({ id: nextId(), check: share })
          .then((reply) =>
            "failures" in reply && reply.failures.length === share.length ? reply.failures : null,
          )
          .catch(() => null);
        record(start, failures ?? share.map(parseFailure));
      }
    };
    const hereLane = async () => {
      while (front < back) {
        await new Promise((settle) => setImmediate(settle));
        if (front >= back) break;
        const end = back;
        back = Math.max(front, back - CHECK_HERE);
        record(back, texts.slice(back, end).map(parseFailure));
      }
    };
    await Promise.all([...asks.flatMap((ask) => [workerLane(ask), workerLane(ask)]), hereLane()]);
    return answers;
  };
}

/**
 * One file's text, read as bytes and decoded as strict UTF-8 (see file-io.ts),
 * or its settled outcome: a read error or an oversized file fails; a file
 * that is not UTF-8 fails when it mentions oddkit (it would need rewriting and
 * cannot be rewritten without re-encoding) and is left unchanged otherwise.
 */
export function readSource(file: string, maxBytes: number): { source: string } | { outcome: FileOutcome } {
  let bytes: Buffer;
  try {
    bytes = readSourceBytes(file, maxBytes);
  } catch (error) {
    return { outcome: readFailure(file, error) };
  }
  try {
    return { source: decodeUtf8(file, bytes) };
  } catch (error) {
    if (!(error instanceof MigrateFileError)) throw error;
    if (!mentionsOddkit(bytes.toString("latin1")))
      return { outcome: { file, status: "unchanged", sites: [], todos: [], skipped: error.message } };
    return { outcome: readFailure(file, error) };
  }
}

/**
 * Every file read once (`readSource`), in file order, with a macrotask turn between windows of
 * READ_WINDOW files; no file is read once `signal` is aborted.
 */
export async function* readSources(
  files: readonly string[],
  maxBytes: number,
  signal?: AbortSignal,
): AsyncGenerator<[file: string, read: ReturnType<typeof readSource>]> {
  for (let start = 0; start < files.length && !signal?.aborted; start += READ_WINDOW) {
    if (start > 0) await new Promise((settle) => setImmediate(settle));
    for (const file of files.slice(start, start + READ_WINDOW)) yield [file, readSource(file, maxBytes)];
  }
}

/**
 * Requests to one worker, answered by id. One listener per worker whatever
 * the number of requests in flight (every batch may be queued at once).
 */
function channel(child: ChildProcess): Ask {
  const waiting = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }
  >();
  const sizes = new Map<number, number>();
  child.on("message", (reply: WorkerReply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    entry.resolve(reply);
  });
  child.on("exit", (code: number | null) => {
    for (const [id, entry] of waiting) {
      entry.reject(
        new Error(`migrate: a worker exited (code ${code}) while working on ${sizes.get(id)} files`),
      );
    }
    waiting.clear();
  });
  return (request) =>
    new Promise((resolve, reject) => {
      const size = "files" in request ? request.files.length : request.check.length;
      if (child.exitCode !== null || child.signalCode !== null || !child.connected) {
        reject(
          new Error(
            `migrate: a worker exited (${child.exitCode ?? child.signalCode ?? "could not start"}) before it was sent ${size} files`,
          ),
        );
        return;
      }
      sizes.set(request.id, size);
      waiting.set(request.id, {
        resolve: (reply) => {
          sizes.delete(request.id);
          resolve(reply);
        },
        reject,
      });
      child.send(request, (error) => {
        if (!error || !waiting.has(request.id)) return;
        waiting.delete(request.id);
        sizes.delete(request.id);
        reject(new Error(`migrate: ${size} files could not be sent to a worker (${error.message})`));
      });
    });
}
