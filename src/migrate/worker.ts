/**
 * Worker process of the migrate pool (forked from the compiled runner).
 * Receives batches of files, transforms them, and sends back what changed;
 * the parent decides what to write.
 */
import { selectTransforms } from "../../codemods/index.js";
import { type FileOutcome, transformFile } from "./transform-file.js";

export interface WorkerRequest {
  readonly id: number;
  readonly files: readonly string[];
  readonly transforms: readonly string[];
}

export interface WorkerReply {
  readonly id: number;
  readonly outcomes: readonly FileOutcome[];
}

process.on("message", async (message: WorkerRequest) => {
  const transforms = selectTransforms(message.transforms);
  const outcomes: FileOutcome[] = [];
  for (const file of message.files) outcomes.push(await transformFile(file, transforms));
  process.send?.({ id: message.id, outcomes } satisfies WorkerReply);
});
