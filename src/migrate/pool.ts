/**
 * Spreading files over worker processes. The workers run the compiled
 * runner (`dist/src/migrate/worker.js`); when it is absent (running from the
 * TypeScript sources, e.g. under vitest, before `npm run build`) or when one
 * worker is asked for, files are transformed in-process instead.
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { selectTransforms } from "../../codemods/index.js";
import { type FileOutcome, settleWithoutParsing, transformFile } from "./transform-file.js";
import type { WorkerReply, WorkerRequest } from "./worker.js";

/** The compiled worker: beside this module when running from dist, else in the package's dist/. */
export function compiledWorkerPath(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "worker.js"), resolve(here, "../../dist/src/migrate/worker.js")];
  return candidates.find((c) => c.endsWith(".js") && existsSync(c)) ?? null;
}

export interface PoolOptions {
  readonly concurrency: number;
  readonly transforms: readonly string[];
  /** Force the mode (tests); default: workers when compiled and concurrency > 1. */
  readonly mode?: "workers" | "in-process";
  readonly onOutcome?: (outcome: FileOutcome) => void;
}

export interface PoolRun {
  readonly outcomes: FileOutcome[];
  readonly mode: "workers" | "in-process";
  readonly workers: number;
}

/** Files per message: small enough to balance, large enough to amortise IPC. */
const BATCH = 16;

export async function runPool(files: readonly string[], options: PoolOptions): Promise<PoolRun> {
  const worker = compiledWorkerPath();
  if (options.mode === "workers" && !worker) {
    throw new Error("migrate: the worker pool needs the compiled runner (dist/); run `npm run build` first");
  }
  // Files without a candidate literal are settled here, unread by any transform: only the rest travel.
  const settled = new Map<string, FileOutcome>();
  const candidates: string[] = [];
  for (const file of files) {
    const quick = await settleWithoutParsing(file);
    if (quick) settled.set(file, quick);
    else candidates.push(file);
  }
  const wanted =
    options.mode ??
    (worker && options.concurrency > 1 && candidates.length > 2 * BATCH ? "workers" : "in-process");
  const run =
    wanted === "workers" && worker
      ? await runWorkers(worker, candidates, options)
      : await runInProcess(candidates, options);
  for (const outcome of settled.values()) options.onOutcome?.(outcome);
  const byFile = new Map(run.outcomes.map((o) => [o.file, o]));
  const outcomes = files.map((f) => (settled.get(f) ?? byFile.get(f)) as FileOutcome);
  return { ...run, outcomes };
}

async function runInProcess(files: readonly string[], options: PoolOptions): Promise<PoolRun> {
  const transforms = selectTransforms(options.transforms);
  const outcomes: FileOutcome[] = [];
  for (const file of files) {
    const outcome = await transformFile(file, transforms);
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  }
  return { outcomes, mode: "in-process", workers: 1 };
}

async function runWorkers(
  workerPath: string,
  files: readonly string[],
  options: PoolOptions,
): Promise<PoolRun> {
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH) batches.push(files.slice(i, i + BATCH));
  const size = Math.max(1, Math.min(options.concurrency, batches.length));
  const outcomes: FileOutcome[] = [];
  let next = 0;
  const children: ChildProcess[] = [];
  try {
    await Promise.all(
      Array.from({ length: size }, async () => {
        const child = fork(workerPath, [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
        children.push(child);
        while (next < batches.length) {
          const id = next++;
          const request: WorkerRequest = {
            id,
            files: batches[id] as string[],
            transforms: options.transforms,
          };
          const reply = await ask(child, request);
          for (const outcome of reply.outcomes) {
            outcomes.push(outcome);
            options.onOutcome?.(outcome);
          }
        }
      }),
    );
  } finally {
    for (const child of children) child.kill();
  }
  const order = new Map(files.map((f, i) => [f, i]));
  outcomes.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
  return { outcomes, mode: "workers", workers: size };
}

function ask(child: ChildProcess, request: WorkerRequest): Promise<WorkerReply> {
  return new Promise((resolvePromise, reject) => {
    const onMessage = (reply: WorkerReply) => {
      if (reply.id !== request.id) return;
      cleanup();
      resolvePromise(reply);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(
        new Error(`migrate: a worker exited (code ${code}) while transforming ${request.files.length} files`),
      );
    };
    const cleanup = () => {
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.on("exit", onExit);
    child.send(request);
  });
}
