/**
 * Postings a folder load built beside its reads (folder-load.ts), kept for the
 * very document list they index: a SearchIndex over that list adopts them
 * instead of tokenizing every document again (for a corpus kept on disk, that
 * meant reading and hashing every file a second time). Keyed by the list
 * itself (weakly): any other list — filtered, reordered, copied — is indexed
 * from its documents as before.
 */
import type { CorpusDocument } from "../../corpus/types.js";
import type { Postings } from "./postings-build.js";

const built = new WeakMap<readonly CorpusDocument[], Postings>();

/** Remember `postings` as the index of exactly `documents` (in this order). */
export function rememberPostings(documents: readonly CorpusDocument[], postings: Postings): void {
  if (postings.documentCount !== documents.length) {
    throw new Error(`postings of ${postings.documentCount} documents given for ${documents.length}`);
  }
  built.set(documents, postings);
}

/** The postings a load built for exactly this list, if any. */
export function prebuiltPostings(documents: readonly CorpusDocument[]): Postings | undefined {
  return built.get(documents);
}
