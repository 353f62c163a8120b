/**
 * SIGINT/SIGTERM during `migrate`: the first signal aborts the run, which
 * stops taking new work — the pool takes no new batch, the write loop
 * finishes the file it is replacing (an atomic rename: done or not) and
 * writes no other — and the summary is still printed, naming the files not
 * written. A second signal exits at once: writes are atomic, so even that
 * leaves every file original or fully migrated.
 */
import type { FileOutcome } from "./transform-file.js";

/** The `transform` name on outcomes of files an interrupted run did not finish. */
export const INTERRUPTED = "interrupted";

export const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof SIGNAL_EXIT_CODES;

export function interruptReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  return typeof reason === "string" ? reason : "aborted";
}

export function interruptedOutcome(file: string, signal?: AbortSignal): FileOutcome {
  return {
    file,
    status: "failed",
    sites: [],
    todos: [],
    error: {
      transform: INTERRUPTED,
      message: `not written: the run was interrupted (${interruptReason(signal)}); the file is unchanged, run migrate again to finish`,
    },
  };
}

/**
 * Abort `controller` on the first SIGINT/SIGTERM (reason: the signal's name);
 * exit with the signal's code on the second. Returns the remover.
 */
export function abortOnSignals(controller: AbortController): () => void {
  const handler = (signal: StopSignal) => {
    if (controller.signal.aborted) process.exit(SIGNAL_EXIT_CODES[signal]);
    controller.abort(signal);
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}
