/**
 * The compact inverted index: per (term, field), the documents containing
 * the term (ascending ids) and its frequency in each, in two flat typed
 * arrays. A query touches only the postings of its terms, so its cost grows
 * with the matching postings, never with the corpus; the whole index of
 * 100,000 documents is a few hundred MB of typed arrays instead of a Map per
 * term and field.
 */
import { FIELDS, processTerm, tokenize } from "./terms.js";

export const FIELD_COUNT = FIELDS.length;

export interface Postings {
  readonly documentCount: number;
  /** Index terms by term id. */
  readonly terms: readonly string[];
  readonly termIds: ReadonlyMap<string, number>;
  /** Term ids in code-unit order of their terms (prefix lookups by binary search). */
  readonly sortedTermIds: Uint32Array;
  /** Postings of (term t, field f) are `docs[start[k]..start[k + 1])` with k = t × FIELD_COUNT + f. */
  readonly start: Uint32Array;
  readonly docs: Uint32Array;
  readonly freqs: Uint32Array;
  /** Per field: each document's count of distinct raw tokens (the BM25 field length). */
  readonly fieldLengths: readonly Uint32Array[];
  /** Per field: the average field length, accumulated document by document. */
  readonly averageFieldLengths: readonly number[];
}

/** A growable Uint32 column (postings are appended document by document; grows by half, not double, to bound the slack). */
class Column {
  data = new Uint32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length + (this.data.length >> 1));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Index `count` documents whose field texts `fieldsOf(id)` gives (FIELDS
 * order). Documents are read one at a time: no second copy of the corpus
 * text is ever held.
 */
export function buildPostings(count: number, fieldsOf: (id: number) => readonly string[]): Postings {
  const termIds = new Map<string, number>();
  const terms: string[] = [];
  // Each distinct raw token is lower-cased and looked up once: rawIds maps it to a raw id,
  // rawTerm[rawId] to its term id (-1 for a stop word or an empty token).
  const rawIds = new Map<string, number>();
  let rawTerm = new Int32Array(1 << 12);
  // rawStamp[rawId] = the (document, field) pass that last saw it: distinct raw tokens without a Set.
  let rawStamp = new Uint32Array(1 << 12);
  let pass = 0;
  // Appended document by document: the postings of document id are keys/freqs[docStart[id]..docStart[id + 1]).
  // No document column: a posting's document is known from where it sits (a third less to hold at 100k).
  const keys = new Column();
  const freqs = new Column();
  const docStart = new Uint32Array(count + 1);
  const fieldLengths = FIELDS.map(() => new Uint32Array(count));
  const averageFieldLengths: number[] = FIELDS.map(() => 0);
  // Per-document term counts, reused: counts[termId] and the term ids touched.
  let counts = new Uint32Array(1 << 12);
  const touched: number[] = [];

  for (let id = 0; id < count; id++) {
    docStart[id] = keys.length;
    const texts = fieldsOf(id);
    for (let field = 0; field < FIELD_COUNT; field++) {
      pass++;
      let length = 0;
      for (const token of tokenize(texts[field]!)) {
        let rawId = rawIds.get(token);
        if (rawId === undefined) {
          rawId = rawIds.size;
          rawIds.set(token, rawId);
          if (rawId >= rawTerm.length) {
            rawTerm = grow(rawTerm);
            rawStamp = grow(rawStamp);
          }
          const term = processTerm(token);
          let termId = term === null ? -1 : termIds.get(term);
          if (termId === undefined) {
            termId = terms.length;
            terms.push(term!);
            termIds.set(term!, termId);
            if (termId >= counts.length) counts = grow(counts);
          }
          rawTerm[rawId] = termId;
        }
        if (rawStamp[rawId] !== pass) {
          rawStamp[rawId] = pass;
          length++;
        }
        const termId = rawTerm[rawId]!;
        if (termId >= 0 && counts[termId]!++ === 0) touched.push(termId);
      }
      fieldLengths[field]![id] = length;
      // The running average, computed exactly as the ranking was first defined (same operations, same order).
      averageFieldLengths[field] = (averageFieldLengths[field]! * id + length) / (id + 1);
      for (const termId of touched) {
        keys.push(termId * FIELD_COUNT + field);
        freqs.push(counts[termId]!);
        counts[termId] = 0;
      }
      touched.length = 0;
    }
  }
  docStart[count] = keys.length;
  return compact(count, terms, termIds, keys, docStart, freqs, fieldLengths, averageFieldLengths);
}

/** The same typed array, twice as long. */
function grow<T extends Int32Array | Uint32Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(array.length * 2);
  grown.set(array);
  return grown;
}

/** Group the appended postings by (term, field) with a stable counting sort: ids stay ascending within each. */
function compact(
  documentCount: number,
  terms: string[],
  termIds: Map<string, number>,
  keys: Column,
  docStart: Uint32Array,
  freqs: Column,
  fieldLengths: Uint32Array[],
  averageFieldLengths: number[],
): Postings {
  const keyCount = terms.length * FIELD_COUNT;
  const start = new Uint32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) start[keys.data[i]! + 1]!++;
  for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!;
  const next = start.slice(0, keyCount);
  const outDocs = new Uint32Array(keys.length);
  const outFreqs = new Uint32Array(keys.length);
  for (let doc = 0; doc < documentCount; doc++) {
    for (let i = docStart[doc]!; i < docStart[doc + 1]!; i++) {
      const at = next[keys.data[i]!]!++;
      outDocs[at] = doc;
      outFreqs[at] = freqs.data[i]!;
    }
  }
  const sortedTermIds = Uint32Array.from(terms.keys()).sort((a, b) =>
    terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0,
  );
  return {
    documentCount,
    terms,
    termIds,
    sortedTermIds,
    start,
    docs: outDocs,
    freqs: outFreqs,
    fieldLengths,
    averageFieldLengths,
  };
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
