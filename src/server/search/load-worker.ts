/**
 * A worker thread of the folder load (folder-load.ts): runs the chunks it is
 * sent (load-chunk.ts) in order and replies to each, its postings columns
 * transferred, not copied. Anything that goes wrong is replied as an error;
 * the loading thread then retires this worker and runs its chunks itself.
 */
import { parentPort } from "node:worker_threads";
import { type ChunkJob, ChunkParser } from "./load-chunk.js";

const port = parentPort;
if (port === null) throw new Error("load-worker.ts runs as a worker thread (folder-load.ts starts it)");
const parser = new ChunkParser();
port.on("message", (job: ChunkJob) => {
  try {
    const reply = parser.parse(job, false);
    const terms = reply.terms;
    const transfer =
      terms === null
        ? []
        : [terms.keys.buffer, terms.freqs.buffer, terms.docStart.buffer, terms.fieldLengths.buffer];
    port.postMessage(reply, transfer as ArrayBuffer[]);
  } catch (error) {
    port.postMessage({ id: job.id, error: String((error as Error)?.message ?? error) });
  }
});
