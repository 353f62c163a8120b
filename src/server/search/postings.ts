/**
 * The compact inverted index: per (term, field), the documents containing
 * the term (ascending ids) and its frequency in each, in two flat typed
 * arrays. A query touches only the postings of its terms, so its cost grows
 * with the matching postings, never with the corpus; the whole index of
 * 100,000 documents is a few hundred MB of typed arrays instead of a Map per
 * term and field.
 */
import { type Postings, PostingsMerger, TermChunker } from "./postings-build.js";
import { FIELDS } from "./terms.js";

export const FIELD_COUNT = FIELDS.length;

/** The index proper (postings-build.ts makes it). */
export type { Postings };

/** Documents tokenized per chunk by `buildPostings` (bounds the chunk's columns, not the result). */
const CHUNK_DOCUMENTS = 1024;

/**
 * Index `count` documents whose field texts `fieldsOf(id)` gives (FIELDS
 * order). Documents are read one at a time: no second copy of the corpus
 * text is ever held. The chunked build (postings-build.ts) is the one a
 * folder load runs beside its reads; here it runs in one pass.
 */
export function buildPostings(count: number, fieldsOf: (id: number) => readonly string[]): Postings {
  const chunker = new TermChunker();
  const merger = new PostingsMerger(count);
  for (let from = 0; from < count; from += CHUNK_DOCUMENTS) {
    const to = Math.min(count, from + CHUNK_DOCUMENTS);
    const chunk = chunker.chunk(
      (function* () {
        for (let id = from; id < to; id++) yield fieldsOf(id);
      })(),
    );
    merger.learn(0, chunk);
    merger.merge(0, chunk);
  }
  const postings = merger.finish();
  if (postings.documentCount !== count)
    throw new Error(`postings of ${postings.documentCount} documents for ${count}`);
  return postings;
}

/** Term ids of every index term starting with `prefix` (the term itself included when indexed). */
export function termsWithPrefix(postings: Postings, prefix: string): number[] {
  const { sortedTermIds, terms } = postings;
  let lo = 0;
  let hi = sortedTermIds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[sortedTermIds[mid]!]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < sortedTermIds.length; i++) {
    const id = sortedTermIds[i]!;
    if (!terms[id]!.startsWith(prefix)) break;
    out.push(id);
  }
  return out;
}

/** Does document `doc` hold term `termId` in any field? (binary search in each field's ascending ids) */
export function containsTerm(postings: Postings, termId: number, doc: number): boolean {
  for (let field = 0; field < FIELD_COUNT; field++) {
    const key = termId * FIELD_COUNT + field;
    let lo = postings.start[key]!;
    let hi = postings.start[key + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = postings.docs[mid]!;
      if (at === doc) return true;
      if (at < doc) lo = mid + 1;
      else hi = mid;
    }
  }
  return false;
}
