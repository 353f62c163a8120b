/**
 * Full-text ranking for search and preflight: field-weighted BM25+ over
 * title, headings, body and tags (src/server/search/), built once when the
 * server starts. A page of a query (`rank` with a finite count) costs two
 * passes: an exact count of the documents its terms reach that the caller
 * keeps (the union of their postings, no scoring), then the best `count` of
 * them by MaxScore (search/top-k.ts), which scores only the documents that
 * can still reach the page. `rankExhaustive` scores every match; it answers
 * unbounded rankings and is what the pruned ranking is tested against.
 *
 * The scoring is the one the server first shipped with (minisearch's BM25+,
 * k 1.2, b 0.7, d 0.5; prefix matches weighted 0.375 × len / (len + 0.3 ×
 * extra)); test/server/search/search-index.test.ts holds it against minisearch
 * itself on generated corpora and queries.
 */
import type { CorpusDocument } from "../corpus/types.js";
import { inverseDocumentFrequency, termWeight } from "./search/bm25.js";
import { forEachId, KeepBits, popcount, wordsFor } from "./search/doc-bits.js";
import {
  buildPostings,
  containsTerm,
  FIELD_COUNT,
  type Postings,
  termsWithPrefix,
} from "./search/postings.js";
import { prebuiltPostings } from "./search/prebuilt.js";
import { FIELD_BOOSTS, fieldTexts, queryTerms } from "./search/terms.js";
import { type QueryPlan, roundScore, type ScoringList, topK } from "./search/top-k.js";

/** Query terms this long also match as prefixes (cache → caches, caching). */
const PREFIX_MIN_LENGTH = 4;
/** Weight of a prefix match at length distance 0; it decays as the indexed term grows longer. */
const PREFIX_WEIGHT = 0.375;
/** Masks of kept documents remembered per index (one per distinct filter set in use). */
const KEEP_MASKS_KEPT = 16;

export interface RankedHit {
  readonly doc: CorpusDocument;
  readonly score: number;
  /** Index terms of the query (or that a query term prefixes) the document holds, for snippets. */
  readonly terms: readonly string[];
}

export interface RankedPage {
  /** Every document matching the query and the predicate. */
  readonly total: number;
  /** The best `count` of them, best first (ties by path). */
  readonly hits: RankedHit[];
}

/**
 * Which documents a ranking keeps: a predicate, a mask by document id (1 = kept), or the
 * bitset `keepMask` builds once per filter set (the fastest: no call per match).
 */
export type Keep = ((doc: CorpusDocument) => boolean) | Uint8Array | KeepBits;

/** One indexed term a query term reaches, with its weight (1 for the term itself). */
interface Expansion {
  readonly termId: number;
  readonly weight: number;
}

export class SearchIndex {
  readonly size: number;
  private readonly docs: readonly CorpusDocument[];
  /** The index proper (what index-cache.ts stores). */
  readonly postings: Postings;
  /** Each document's position in path order: the tie-break between equal scores. */
  private readonly pathRank: Uint32Array;
  // Scratch space reused by every query (queries run synchronously, one at a time): a query
  // allocates nothing per matching posting, only per hit returned.
  private readonly total: Float64Array;
  private readonly termScore: Float64Array;
  private readonly quality: Uint32Array;
  private readonly seen: Uint32Array;
  private readonly termSeen: Uint32Array;
  private readonly touched: Uint32Array;
  private readonly termTouched: Uint32Array;
  private readonly kept: Uint32Array;
  private readonly scores: Float64Array;
  /** Bitsets of the current query's matches and of those the caller keeps. */
  private readonly union: Uint32Array;
  private readonly keptBits: Uint32Array;
  /** Per postings list (key), its largest BM25 weight, NaN until a query needs it (top-k.ts bounds). */
  private readonly maxWeights: Float64Array;
  private readonly keepMasks = new Map<string, KeepBits>();
  private generation = 0;
  private termGeneration = 0;

  /** Index `docs`, or adopt `postings` already built for exactly these documents (index-cache.ts). */
  constructor(docs: readonly CorpusDocument[], postings?: Postings) {
    if (postings !== undefined && postings.documentCount !== docs.length) {
      throw new Error(`postings of ${postings.documentCount} documents given for ${docs.length}`);
    }
    this.docs = docs;
    this.size = docs.length;
    // Postings a folder load built for this very list (search/prebuilt.ts) save tokenizing it again.
    this.postings =
      postings ?? prebuiltPostings(docs) ?? buildPostings(docs.length, (id) => fieldTexts(docs[id]!));
    const byPath = Array.from(docs.keys()).sort((a, b) =>
      docs[a]!.path < docs[b]!.path ? -1 : docs[a]!.path > docs[b]!.path ? 1 : a - b,
    );
    this.pathRank = new Uint32Array(docs.length);
    byPath.forEach((id, rank) => {
      this.pathRank[id] = rank;
    });
    const n = docs.length;
    this.total = new Float64Array(n);
    this.termScore = new Float64Array(n);
    this.quality = new Uint32Array(n);
    this.seen = new Uint32Array(n);
    this.termSeen = new Uint32Array(n);
    this.touched = new Uint32Array(n);
    this.termTouched = new Uint32Array(n);
    this.kept = new Uint32Array(n);
    this.scores = new Float64Array(n);
    this.union = new Uint32Array(wordsFor(n));
    this.keptBits = new Uint32Array(wordsFor(n));
    this.maxWeights = new Float64Array(this.postings.start.length).fill(Number.NaN);
  }

  /** Every document matching the query and the predicate, best first (ties by path). */
  search(query: string, keep: Keep = () => true): RankedHit[] {
    return this.rankExhaustive(query, keep, Number.POSITIVE_INFINITY).hits;
  }

  /**
   * The exact number of documents matching the query that `keep` keeps, and the best `count`
   * of them: exactly what `rankExhaustive` answers, without scoring documents that cannot reach
   * the page.
   */
  rank(query: string, keep: Keep, count: number): RankedPage {
    if (!Number.isFinite(count)) return this.rankExhaustive(query, keep, count);
    const expansions: Expansion[] = [];
    const plan = this.plan(query, expansions);
    const p = this.postings;
    const { union, keptBits, docs } = this;
    // The count: every document any list reaches, once, if kept (no scoring). Each term's
    // documents are a bitset of their own (top-k.ts reads which terms a candidate holds).
    const words = union.length;
    const termBits = new Uint32Array(words * plan.terms.length);
    plan.terms.forEach((lists, t) => {
      const bits = termBits.subarray(t * words, (t + 1) * words);
      for (const list of lists) {
        const to = p.start[list.key + 1]!;
        for (let at = p.start[list.key]!; at < to; at++) {
          const doc = p.docs[at]!;
          bits[doc >>> 5]! |= 1 << (doc & 31);
        }
      }
    });
    union.fill(0);
    for (let i = 0; i < termBits.length; i++) union[i % words]! |= termBits[i]!;
    let total = 0;
    if (keep instanceof KeepBits) {
      for (let w = 0; w < union.length; w++) {
        const word = union[w]! & keep.bits[w]!;
        keptBits[w] = word;
        total += popcount(word);
      }
    } else {
      keptBits.fill(0);
      forEachId(union, (doc) => {
        if (typeof keep === "function" ? keep(docs[doc]!) : keep[doc] === 1) {
          keptBits[doc >>> 5]! |= 1 << (doc & 31);
          total++;
        }
      });
    }
    const best = topK(p, plan, Math.min(count, total), keptBits, termBits, this.pathRank, this.maxWeights);
    return { total, hits: best.docs.map((doc, i) => this.hit(doc, best.scores[i]!, expansions)) };
  }

  /** The same page as `rank`, found by scoring every match (the reference `rank` is tested against). */
  rankExhaustive(query: string, keep: Keep, count: number): RankedPage {
    const expansions: Expansion[] = [];
    const matched = this.score(query, expansions);
    const { touched, kept, scores, pathRank, docs } = this;
    let total = 0;
    for (let i = 0; i < matched; i++) {
      const doc = touched[i]!;
      if (
        typeof keep === "function"
          ? keep(docs[doc]!)
          : keep instanceof KeepBits
            ? keep.has(doc)
            : keep[doc] === 1
      )
        kept[total++] = doc;
    }
    // Higher score first, then path order; `scores` is indexed by document.
    const better = (a: number, b: number) => scores[b]! - scores[a]! || pathRank[a]! - pathRank[b]!;
    const candidates = kept.subarray(0, total);
    const best =
      total <= count * 4
        ? Array.from(candidates).sort(better).slice(0, count)
        : topOf(candidates, count, better);
    return { total, hits: best.map((doc) => this.hit(doc, scores[doc]!, expansions)) };
  }

  /**
   * A mask of the documents `keep` keeps, computed once per `key` (the canonical form of a
   * request's filters) and remembered for the next requests with the same filters: a search
   * then counts its matches without calling a predicate per document.
   */
  keepMask(key: string, keep: (doc: CorpusDocument) => boolean): KeepBits {
    let mask = this.keepMasks.get(key);
    if (mask === undefined) {
      const bits = new Uint32Array(wordsFor(this.size));
      for (let id = 0; id < this.size; id++) if (keep(this.docs[id]!)) bits[id >>> 5]! |= 1 << (id & 31);
      mask = new KeepBits(bits);
      if (this.keepMasks.size >= KEEP_MASKS_KEPT) this.keepMasks.delete(this.keepMasks.keys().next().value!);
    } else {
      this.keepMasks.delete(key);
    }
    this.keepMasks.set(key, mask);
    return mask;
  }

  /** The scoring lists of each distinct query term (search/top-k.ts); reached terms land in `expansions`. */
  private plan(query: string, expansions: Expansion[]): QueryPlan {
    const p = this.postings;
    const distinct = new Map<string, number>();
    const terms: ScoringList[][] = [];
    const occurrences: number[] = [];
    for (const term of queryTerms(query)) {
      let t = distinct.get(term);
      if (t === undefined) {
        t = terms.length;
        distinct.set(term, t);
        const lists: ScoringList[] = [];
        for (const reached of this.expand(term)) {
          expansions.push(reached);
          for (let field = 0; field < FIELD_COUNT; field++) {
            const key = reached.termId * FIELD_COUNT + field;
            const matching = p.start[key + 1]! - p.start[key]!;
            if (matching === 0) continue;
            const idf = inverseDocumentFrequency(matching, p.documentCount);
            lists.push({ key, field, coef: reached.weight * FIELD_BOOSTS[field]!, idf });
          }
        }
        terms.push(lists);
      }
      occurrences.push(t);
    }
    return { terms, occurrences };
  }

  private hit(id: number, score: number, expansions: readonly Expansion[]): RankedHit {
    const postings = this.postings;
    let terms: string[] | null = null;
    return {
      doc: this.docs[id]!,
      score,
      // Computed only when read (a page's snippets), never for the rest of the ranking.
      get terms() {
        terms ??= [...new Set(expansions.map((e) => e.termId))]
          .filter((t) => containsTerm(postings, t, id))
          .map((t) => postings.terms[t]!);
        return terms;
      },
    };
  }

  /**
   * Score every document a query term (or a term it prefixes) reaches: their ids land in
   * `touched[0..n)` (n returned), their rounded scores in `scores[id]`, the reached terms in `expansions`.
   */
  private score(query: string, expansions: Expansion[]): number {
    const p = this.postings;
    const { total, termScore, quality, seen, termSeen, touched, termTouched, scores } = this;
    this.generation = (this.generation % 0xffffffff) + 1;
    const generation = this.generation;
    let matched = 0;
    const counted = new Set<string>();
    for (const term of queryTerms(query)) {
      // A repeated query term adds its score again but counts once in the number of terms matched.
      const firstTime = !counted.has(term);
      counted.add(term);
      const reach = this.expand(term);
      expansions.push(...reach);
      // Stamps wrap within the Uint32 range (a stale stamp would need 2^32 query terms in between).
      this.termGeneration = (this.termGeneration % 0xffffffff) + 1;
      const termGeneration = this.termGeneration;
      let termMatched = 0;
      for (const { termId, weight } of reach) {
        for (let field = 0; field < FIELD_COUNT; field++) {
          const key = termId * FIELD_COUNT + field;
          const from = p.start[key]!;
          const to = p.start[key + 1]!;
          if (from === to) continue;
          const idf = inverseDocumentFrequency(to - from, p.documentCount);
          const average = p.averageFieldLengths[field]!;
          const lengths = p.fieldLengths[field]!;
          const boost = FIELD_BOOSTS[field]!;
          for (let at = from; at < to; at++) {
            const doc = p.docs[at]!;
            const raw = termWeight(idf, p.freqs[at]!, lengths[doc]!, average);
            const weighted = weight * boost * raw;
            if (termSeen[doc] !== termGeneration) {
              termSeen[doc] = termGeneration;
              termScore[doc] = weighted;
              termTouched[termMatched++] = doc;
            } else {
              termScore[doc]! += weighted;
            }
          }
        }
      }
      for (let i = 0; i < termMatched; i++) {
        const doc = termTouched[i]!;
        if (seen[doc] !== generation) {
          seen[doc] = generation;
          total[doc] = termScore[doc]!;
          quality[doc] = 0;
          touched[matched++] = doc;
        } else {
          total[doc] = total[doc]! + termScore[doc]!;
        }
        if (firstTime) quality[doc]!++;
      }
    }
    for (let i = 0; i < matched; i++) {
      const doc = touched[i]!;
      scores[doc] = roundScore(total[doc]! * (quality[doc]! || 1));
    }
    return matched;
  }

  /** The indexed term itself (weight 1) and, for long enough terms, every longer term it prefixes. */
  private expand(term: string): Expansion[] {
    const out: Expansion[] = [];
    const exact = this.postings.termIds.get(term);
    if (exact !== undefined) out.push({ termId: exact, weight: 1 });
    if (term.length >= PREFIX_MIN_LENGTH) {
      for (const termId of termsWithPrefix(this.postings, term)) {
        if (termId === exact) continue;
        const indexed = this.postings.terms[termId]!;
        const distance = indexed.length - term.length;
        out.push({ termId, weight: (PREFIX_WEIGHT * indexed.length) / (indexed.length + 0.3 * distance) });
      }
    }
    return out;
  }
}

/** The `count` smallest items under `compare`, in order (a bounded max-heap: O(n log count)). */
function topOf(items: Uint32Array, count: number, compare: (a: number, b: number) => number): number[] {
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        swap(i, parent);
        i = parent;
      }
    } else if (count > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && compare(heap[l]!, heap[top]!) > 0) top = l;
        if (r < heap.length && compare(heap[r]!, heap[top]!) > 0) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}
