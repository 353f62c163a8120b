/**
 * Building the postings in chunks that can be made apart and merged in
 * order. A `TermChunker` turns the field texts of a run of documents into
 * their postings with term ids of its own (it may run in a worker thread,
 * beside another chunker); a `PostingsMerger` takes the chunks in document
 * order and gives every term its id in the corpus, in the order a single
 * pass over the documents meets them. The result is the index one sequential
 * pass makes, byte for byte (test/server/search/index-golden.test.ts pins it):
 *
 * - a term's id is the order of its first occurrence over (document, field,
 *   token) — a chunk lists each document's postings field by field, each
 *   field's terms in first-occurrence order, so walking the chunks in
 *   document order meets the terms in that same order;
 * - the postings of a (term, field) are grouped by a stable counting sort, so
 *   ids stay ascending within each;
 * - the average field lengths are the running averages taken document by
 *   document, computed once the field lengths are all known.
 *
 * Memory: a chunk's columns are exactly sized (no growth slack); the merger
 * rewrites the chunk's keys to corpus ids in place and keeps the chunk, and
 * the final grouping frees each chunk as soon as it is scattered.
 */
import { doubled } from "../../typed-arrays.js";
import { RawTokens } from "./raw-tokens.js";
import { FIELDS, processTerm, TokenScanner, type TokenSink } from "./terms.js";

const FIELD_COUNT = FIELDS.length;

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

/** The postings of a run of documents, term ids local to the chunker that made it. */
export interface TermChunk {
  /** Documents in the chunk. */
  readonly count: number;
  /** Terms the chunker met for the first time in this chunk, in id order (ids continue its earlier chunks). */
  readonly newTerms: readonly string[];
  /** Per document, per field in FIELDS order, its terms in first-occurrence order: term × FIELD_COUNT + field. */
  readonly keys: Uint32Array;
  /** The term's count in that field, beside each key (16-bit when every count fits: a quarter less to hold until the merge). */
  readonly freqs: Uint32Array | Uint16Array;
  /** The postings of document d of the chunk are `keys[docStart[d]..docStart[d + 1])`. */
  readonly docStart: Uint32Array;
  /** Per document, per field: its count of distinct raw tokens (document-major). */
  readonly fieldLengths: Uint32Array;
}

/** A growable Uint32 buffer, handed out exactly sized. */
class Buffer32 {
  data = new Uint32Array(1 << 14);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) this.data = doubled(this.data);
    this.data[this.length++] = value;
  }
  take(): Uint32Array {
    const out = this.data.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

/** The counts as 16-bit when every one fits (almost always: a term 65,536 times in one field is rare). */
function narrowed(counts: Uint32Array): Uint32Array | Uint16Array {
  for (let i = 0; i < counts.length; i++) if (counts[i]! > 0xffff) return counts;
  return Uint16Array.from(counts);
}

/**
 * Tokenizes documents chunk by chunk. Its dictionaries live as long as it does, so each distinct
 * raw token is lower-cased and looked up once however many chunks it makes. Tokens are met as
 * ranges of the field's text (`TokenScanner`) and found in a dictionary of raw tokens by their code
 * units (raw-tokens.ts): a string is made only of a raw token never seen before.
 */
export class TermChunker implements TokenSink {
  readonly #termIds = new Map<string, number>();
  // Each distinct raw token has a raw id, rawTerm[rawId] its term id (-1: stop word or empty).
  readonly #scanner = new TokenScanner();
  readonly #raw = new RawTokens();
  #rawTerm = new Int32Array(1 << 12);
  // rawStamp[rawId] = the (document, field) pass that last saw it: distinct raw tokens without a Set.
  #rawStamp = new Uint32Array(1 << 12);
  #pass = 0;
  /** Distinct raw tokens of the field being scanned. */
  #length = 0;
  // Per-field term counts, reused: counts[termId] and the term ids touched.
  #counts = new Uint32Array(1 << 12);
  #touched = new Uint32Array(1 << 10);
  #touchedCount = 0;
  #newTerms: string[] = [];
  readonly #keys = new Buffer32();
  readonly #freqs = new Buffer32();
  readonly #docStart = new Buffer32();
  readonly #lengths = new Buffer32();

  /** The postings of `documents` (each one's field texts in FIELDS order). */
  chunk(documents: Iterable<readonly string[]>): TermChunk {
    this.begin();
    for (const texts of documents) this.add(texts);
    return this.end();
  }

  /**
   * Starts a chunk made a document at a time (`add`, then `end`): a caller that reads and parses
   * documents can tokenize each one while its text is in hand, so no text outlives its document.
   */
  begin(): void {
    this.#newTerms = [];
    this.#keys.length = 0;
    this.#freqs.length = 0;
    this.#docStart.length = 0;
    this.#lengths.length = 0;
  }

  /** The next document of the chunk begun: its field texts in FIELDS order. */
  add(texts: readonly string[]): void {
    const keys = this.#keys;
    const freqs = this.#freqs;
    this.#docStart.push(keys.length);
    for (let field = 0; field < FIELD_COUNT; field++) {
      this.#pass++;
      this.#length = 0;
      this.#scanner.scan(texts[field]!, this);
      this.#lengths.push(this.#length);
      const counts = this.#counts;
      const touched = this.#touched;
      for (let t = 0; t < this.#touchedCount; t++) {
        const termId = touched[t]!;
        keys.push(termId * FIELD_COUNT + field);
        freqs.push(counts[termId]!);
        counts[termId] = 0;
      }
      this.#touchedCount = 0;
    }
  }

  /** The postings of the documents added since `begin`. */
  end(): TermChunk {
    const docStart = this.#docStart;
    docStart.push(this.#keys.length);
    const newTerms = this.#newTerms;
    this.#newTerms = [];
    return {
      count: docStart.length - 1,
      newTerms,
      keys: this.#keys.take(),
      freqs: narrowed(this.#freqs.take()),
      docStart: docStart.take(),
      fieldLengths: this.#lengths.take(),
    };
  }

  /** One raw token of the field being scanned (TokenSink). */
  token(text: string, units: Uint16Array, start: number, end: number, hash: number): void {
    const known = this.#raw.size;
    const rawId = this.#raw.intern(units, start, end, hash);
    if (rawId === known) this.#learn(rawId, text.slice(start, end));
    if (this.#rawStamp[rawId] !== this.#pass) {
      this.#rawStamp[rawId] = this.#pass;
      this.#length++;
    }
    const termId = this.#rawTerm[rawId]!;
    if (termId >= 0 && this.#counts[termId]!++ === 0) {
      if (this.#touchedCount === this.#touched.length) this.#touched = doubled(this.#touched);
      this.#touched[this.#touchedCount++] = termId;
    }
  }

  /** A raw token met for the first time: its term (a new one gets the next term id). */
  #learn(rawId: number, token: string): void {
    if (rawId >= this.#rawTerm.length) {
      this.#rawTerm = doubled(this.#rawTerm);
      this.#rawStamp = doubled(this.#rawStamp);
    }
    const term = processTerm(token);
    let termId = term === null ? -1 : this.#termIds.get(term);
    if (termId === undefined) {
      termId = this.#termIds.size;
      this.#termIds.set(term!, termId);
      this.#newTerms.push(term!);
      if (termId >= this.#counts.length) this.#counts = doubled(this.#counts);
    }
    this.#rawTerm[rawId] = termId;
  }
}

/** A chunk after merging: keys in corpus term ids, kept until the final grouping. */
interface MergedChunk {
  readonly keys: Uint32Array;
  readonly freqs: Uint32Array | Uint16Array;
  readonly docStart: Uint32Array;
}

/** Merges chunks, in document order, from any number of chunkers ("sources") into the corpus's postings. */
export class PostingsMerger {
  readonly #capacity: number;
  readonly #terms: string[] = [];
  readonly #termIds = new Map<string, number>();
  /** Per source: its terms by its own id, and its id → the corpus id (-1 until met). */
  readonly #sourceTerms: string[][] = [];
  readonly #remap: Int32Array[] = [];
  readonly #chunks: (MergedChunk | null)[] = [];
  /** Postings per (term, field) key so far. */
  #keyCounts = new Uint32Array(1 << 14);
  #postings = 0;
  #merged = 0;
  #fieldLengths: Uint32Array[];

  /** `capacity`: the most documents that will be merged (the postings are of those merged). */
  constructor(capacity: number) {
    this.#capacity = capacity;
    this.#fieldLengths = FIELDS.map(() => new Uint32Array(capacity));
  }

  /** Documents merged so far. */
  get merged(): number {
    return this.#merged;
  }

  /**
   * Learn the terms a chunk of `source` introduced. Call it for each of a source's chunks in the
   * order that source made them (which may run ahead of `merge`, which goes by document order).
   */
  learn(source: number, chunk: Pick<TermChunk, "newTerms">): void {
    while (this.#sourceTerms.length <= source) {
      this.#sourceTerms.push([]);
      this.#remap.push(new Int32Array(1 << 12).fill(-1));
    }
    const terms = this.#sourceTerms[source]!;
    for (const term of chunk.newTerms) terms.push(term);
    let remap = this.#remap[source]!;
    if (remap.length < terms.length) {
      let length = remap.length;
      while (length < terms.length) length *= 2;
      const grown = new Int32Array(length).fill(-1);
      grown.set(remap);
      remap = grown;
      this.#remap[source] = remap;
    }
  }

  /** Merge the next chunk in document order (made by `source`, whose terms `learn` has seen). */
  merge(source: number, chunk: TermChunk): void {
    if (this.#merged + chunk.count > this.#capacity) {
      throw new Error(`postings merge: ${this.#merged + chunk.count} documents for ${this.#capacity}`);
    }
    const sourceTerms = this.#sourceTerms[source];
    const remap = this.#remap[source];
    if (sourceTerms === undefined || remap === undefined)
      throw new Error(`postings merge: unknown source ${source}`);
    // Rewritten in place: the chunk's own keys become corpus keys (its arrays are this merger's now).
    const keys = chunk.keys;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const field = key % FIELD_COUNT;
      const local = (key - field) / FIELD_COUNT;
      let id = remap[local]!;
      if (id === -1) {
        const term = sourceTerms[local];
        if (term === undefined)
          throw new Error(`postings merge: term ${local} of source ${source} not learnt`);
        let known = this.#termIds.get(term);
        if (known === undefined) {
          known = this.#terms.length;
          this.#terms.push(term);
          this.#termIds.set(term, known);
        }
        id = known;
        remap[local] = id;
      }
      const corpusKey = id * FIELD_COUNT + field;
      keys[i] = corpusKey;
      while (corpusKey >= this.#keyCounts.length) this.#keyCounts = doubled(this.#keyCounts);
      this.#keyCounts[corpusKey]!++;
    }
    const first = this.#merged;
    for (let d = 0; d < chunk.count; d++) {
      for (let field = 0; field < FIELD_COUNT; field++) {
        this.#fieldLengths[field]![first + d] = chunk.fieldLengths[d * FIELD_COUNT + field]!;
      }
    }
    this.#chunks.push({ keys, freqs: chunk.freqs, docStart: chunk.docStart });
    this.#postings += keys.length;
    this.#merged += chunk.count;
  }

  /** The postings of the documents merged; the merger is spent afterwards. */
  finish(): Postings {
    const documentCount = this.#merged;
    if (documentCount < this.#capacity) {
      this.#fieldLengths = this.#fieldLengths.map((lengths) => lengths.slice(0, documentCount));
    }
    const terms = this.#terms;
    const keyCount = terms.length * FIELD_COUNT;
    // Group by (term, field): a stable counting sort, chunk by chunk in document order.
    const start = new Uint32Array(keyCount + 1);
    start.set(this.#keyCounts.subarray(0, keyCount), 1);
    this.#keyCounts = new Uint32Array(0);
    for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!;
    const next = start.slice(0, keyCount);
    const docs = new Uint32Array(this.#postings);
    const freqs = new Uint32Array(this.#postings);
    let doc = 0;
    for (let c = 0; c < this.#chunks.length; c++) {
      const chunk = this.#chunks[c]!;
      this.#chunks[c] = null; // scattered: let it go before the next one
      const starts = chunk.docStart;
      for (let d = 0; d + 1 < starts.length; d++, doc++) {
        for (let i = starts[d]!; i < starts[d + 1]!; i++) {
          const at = next[chunk.keys[i]!]!++;
          docs[at] = doc;
          freqs[at] = chunk.freqs[i]!;
        }
      }
    }
    const averageFieldLengths = this.#fieldLengths.map((lengths) => {
      // The running average, exactly as the ranking was first defined (same operations, same order).
      let average = 0;
      for (let id = 0; id < documentCount; id++) average = (average * id + lengths[id]!) / (id + 1);
      return average;
    });
    const sortedTermIds = Uint32Array.from(terms.keys()).sort((a, b) =>
      terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0,
    );
    return {
      documentCount,
      terms,
      termIds: this.#termIds,
      sortedTermIds,
      start,
      docs,
      freqs,
      fieldLengths: this.#fieldLengths,
      averageFieldLengths,
    };
  }
}
