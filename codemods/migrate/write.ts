/**
 * The write phase of `migrate`: each changed file replaced atomically
 * (file-io.ts), one at a time. A file that cannot be written (permissions,
 * changed on disk since it was read, swapped for a link) becomes a `write`
 * failure and the loop carries on with the next; an abort (SIGINT/SIGTERM)
 * lets the file being replaced finish and leaves the rest unwritten, each
 * reported as interrupted. Never throws for one file's sake.
 */
import { replaceFileAtomically } from "./file-io.js";
import { interruptedOutcome } from "./interrupt.js";
import { type FileOutcome, scanTodos } from "./transform-file.js";

export interface WriteOptions {
  readonly signal?: AbortSignal;
  /** After each file replaced: `written` so far of `total` to write. */
  readonly onWritten?: (file: string, written: number, total: number) => void;
  /** Flush each temp file before the rename (default true). */
  readonly fsync?: boolean;
}

export async function writeChanged(
  outcomes: readonly FileOutcome[],
  options: WriteOptions = {},
): Promise<FileOutcome[]> {
  const total = outcomes.filter((o) => o.status === "changed" && o.after !== undefined).length;
  let written = 0;
  const result: FileOutcome[] = [];
  for (const outcome of outcomes) {
    if (outcome.status !== "changed" || outcome.after === undefined) {
      result.push(outcome);
      continue;
    }
    if (options.signal?.aborted) {
      result.push(interruptedOutcome(outcome.file, options.signal));
      continue;
    }
    try {
      await replaceFileAtomically(outcome.file, outcome.after, {
        ...(outcome.before !== undefined ? { expected: Buffer.from(outcome.before, "utf8") } : {}),
        ...(options.fsync !== undefined ? { fsync: options.fsync } : {}),
      });
      result.push(outcome);
      options.onWritten?.(outcome.file, ++written, total);
    } catch (error) {
      const { before: _before, after: _after, ...rest } = outcome;
      result.push({
        ...rest,
        status: "failed",
        sites: [],
        todos: scanTodos(outcome.before ?? ""),
        error: {
          transform: "write",
          message: `${error instanceof Error ? error.message : String(error)} (the file is unchanged)`,
        },
      });
    }
  }
  return result;
}
