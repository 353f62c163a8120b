/**
 * One chunk of a folder load, as a worker thread runs it (load-worker.ts) or
 * the loading thread itself when no worker can: read each listed file, hash
 * it, parse it unless the parse cache holds this very text, and, on a cold
 * load, tokenize each served document's fields into the chunk's postings
 * (postings-build.ts) while its text is in hand. The same steps, in the same
 * order, as the corpus loader's one-file-at-a-time parser (corpus/load.ts
 * parseFolderFiles) followed by the index build's tokenizing — the file
 * stamps it records for the parse cache included (corpus/stamp.ts), so the
 * next load proves these files unchanged without reading them.
 */
import type { KindMap } from "../../contract/index.js";
import { documentFields } from "../../corpus/document.js";
import { contentHashOfBytes, parseDocument } from "../../corpus/parse.js";
import { type FileStamp, settledStamp } from "../../corpus/stamp.js";
import type { DocumentFields, LoadWarning } from "../../corpus/types.js";
import { CorpusFileReader } from "../../corpus/walk.js";
import { type TermChunk, TermChunker } from "./postings-build.js";
import { fieldTexts } from "./terms.js";

export interface ChunkJob {
  /** The chunk's place in the folder's listing (chunks are merged in this order). */
  readonly id: number;
  readonly root: string;
  readonly kindMap: KindMap;
  readonly paths: readonly string[];
  /** Per path, the parse cache's content hash for it, or null. */
  readonly cachedHashes: readonly (string | null)[];
  /** Tokenize served documents into the chunk's postings. */
  readonly tokenize: boolean;
  /** When the load started (ns), to take each file's settled stamp (stamp.ts); null: no stamps (no parse cache). */
  readonly loadStartNs: bigint | null;
}

/**
 * One file of a chunk: unreadable, the parse cache's (hash matched), or parsed (fields own their
 * strings). `stamp`: the file's settled stamp when it was read (null: none; FolderJob.loadStartNs).
 */
export type ChunkFile =
  | { readonly path: string; readonly unreadable: string }
  | { readonly path: string; readonly hash: string; readonly cached: true; readonly stamp: FileStamp | null }
  | {
      readonly path: string;
      readonly hash: string;
      readonly stamp: FileStamp | null;
      readonly fields: DocumentFields | null;
      readonly warnings: LoadWarning[];
      readonly skipped?: string;
    };

export interface ChunkReply {
  readonly id: number;
  readonly files: ChunkFile[];
  /** The served documents' postings, in file order (null when not tokenizing). */
  readonly terms: TermChunk | null;
}

/** Runs chunks one after another; its tokenizer's term ids run on across them (one postings source). */
export class ChunkParser {
  readonly #chunker = new TermChunker();
  #reader: CorpusFileReader | null = null;
  #root = "";
  /** A chunk failed part-way: terms it met may be known to the tokenizer but never sent. */
  #failed = false;

  /**
   * `detach`: copy each document's fields so they share no storage with its text (a worker's
   * reply is copied by postMessage anyway; in the loading thread it must be done here).
   * After a chunk throws, this parser refuses further chunks (its term ids no longer run on
   * from the chunks it replied).
   */
  parse(job: ChunkJob, detach: boolean): ChunkReply {
    if (this.#failed) throw new Error("chunk parser: an earlier chunk failed; start another parser");
    try {
      return this.#parse(job, detach);
    } catch (error) {
      this.#failed = true;
      throw error;
    }
  }

  #parse(job: ChunkJob, detach: boolean): ChunkReply {
    if (this.#reader === null || this.#root !== job.root) {
      this.#reader = new CorpusFileReader(job.root);
      this.#root = job.root;
    }
    const reader = this.#reader;
    const files: ChunkFile[] = [];
    const chunker = this.#chunker;
    // Each served document is tokenized as soon as it is parsed: its text dies young (a chunk's
    // texts kept to its end were copied by every scavenge in between, and promoted).
    if (job.tokenize) chunker.begin();
    job.paths.forEach((path, i) => {
      // Valid until the next read; the stamp is taken by fstat before the bytes are read.
      let bytes: Buffer;
      let stamp: FileStamp | null = null;
      try {
        if (job.loadStartNs === null) bytes = reader.read(path);
        else {
          const read = reader.readWithStats(path);
          bytes = read.bytes;
          stamp = settledStamp(read.stats, job.loadStartNs);
        }
      } catch (error) {
        files.push({ path, unreadable: (error as Error).message });
        return;
      }
      const hash = contentHashOfBytes(bytes);
      if (job.cachedHashes[i] === hash) {
        files.push({ path, hash, cached: true, stamp });
        return;
      }
      const result = parseDocument(path, bytes.toString("utf8"), job.kindMap, hash);
      const doc = result.document;
      if (doc !== null && job.tokenize) chunker.add(fieldTexts(doc));
      const fields = doc === null ? null : detach ? detached(documentFields(doc)) : documentFields(doc);
      files.push(
        result.skipped === undefined
          ? { path, hash, stamp, fields, warnings: result.warnings }
          : { path, hash, stamp, fields, warnings: result.warnings, skipped: result.skipped },
      );
    });
    return { id: job.id, files, terms: job.tokenize ? chunker.end() : null };
  }
}

/** A structured clone (what postMessage makes); fields the clone refuses stay as they are (on-disk.ts does the same). */
function detached(fields: DocumentFields): DocumentFields {
  try {
    return structuredClone(fields);
  } catch {
    return fields;
  }
}
