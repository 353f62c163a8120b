/**
 * Worker process of the migrate pool (forked from the compiled runner).
 * Receives batches of files with their text (read once, by the parent),
 * transforms them, and sends back what changed (without the original text,
 * which the parent has); the parent decides what to write.
 */
import { type FileOutcome, type SourceFile, transformBatch } from "./transform-file.js";

export interface WorkerRequest {
  readonly id: number;
  readonly files: readonly SourceFile[];
  readonly transforms: readonly string[];
}

export interface WorkerReply {
  readonly id: number;
  readonly outcomes: readonly FileOutcome[];
}

process.on("message", (message: WorkerRequest) => {
  process.send?.({
    id: message.id,
    // A changed file's original text is not sent back: the parent sent it and puts it back.
    outcomes: transformBatch(message.files, message.transforms).map(({ before: _, ...outcome }) => outcome),
  } satisfies WorkerReply);
});
