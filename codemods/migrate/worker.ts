/**
 * Worker process of the migrate pool (forked from the compiled runner).
 * Receives batches of files with their text (read once, by the parent),
 * transforms them, and sends back what changed (without the original text,
 * which the parent has); the parent decides what to write. Afterwards it
 * checks that final texts parse (migrate's output check), warm, while the
 * parent would otherwise run the parser cold.
 */
import { parseFailure, type TextToCheck } from "./parse-check.js";
import { type FileOutcome, type SourceFile, transformBatch } from "./transform-file.js";

/** A batch to transform, or texts to check (migrate's output check, while the engine's process waits). */
export type WorkerRequest =
  | { readonly id: number; readonly files: readonly SourceFile[]; readonly transforms: readonly string[] }
  | { readonly id: number; readonly check: readonly TextToCheck[] };

export type WorkerReply =
  | { readonly id: number; readonly outcomes: readonly FileOutcome[] }
  | { readonly id: number; readonly failures: readonly (string | null)[] };

process.on("message", (message: WorkerRequest) => {
  if ("check" in message) {
    process.send?.({ id: message.id, failures: message.check.map(parseFailure) } satisfies WorkerReply);
    return;
  }
  process.send?.({
    id: message.id,
    // A changed file's original text is not sent back: the parent sent it and puts it back.
    outcomes: transformBatch(message.files, message.transforms).map(({ before: _, ...outcome }) => outcome),
  } satisfies WorkerReply);
});
