/**
 * The best `count` documents of a query without scoring every match
 * (MaxScore, document at a time). Each query term gets an upper bound on
 * what it can add to a score (the largest weight in each of its postings
 * lists, cached per list); terms are ordered by bound, and once the page is
 * full the cheapest terms whose bounds together cannot reach the page's
 * worst score become "non-essential": a document is a candidate only if an
 * essential term holds it, and its non-essential postings are looked up
 * (galloping search) only when its bound can still reach the page.
 *
 * Exactness: a candidate's score is computed with the same operations in the
 * same order as the exhaustive scorer (search-index.ts), so kept documents
 * get bit-identical scores; a document is skipped only when a bound,
 * inflated by a relative 1e-9 and 1e-4 for the score rounding, is strictly
 * below the page's worst score — so it could not even tie it (ties go by
 * path). test/server/search/top-k.test.ts holds the pages equal to the
 * exhaustive ranking with fast-check over generated corpora and queries.
 */
import { termWeight } from "./bm25.js";
import type { Postings } from "./postings.js";

/** One (indexed term, field) postings list a query term reaches. */
export interface ScoringList {
  /** term id × FIELD_COUNT + field: the postings are docs/freqs[start[key]..start[key + 1]). */
  readonly key: number;
  readonly field: number;
  /** Prefix weight × field boost (multiplied in that order, as the exhaustive scorer does). */
  readonly coef: number;
  readonly idf: number;
}

export interface QueryPlan {
  /** Distinct query terms in order of first occurrence, each with its lists (expansion order, then field order). */
  readonly terms: readonly (readonly ScoringList[])[];
  /** The distinct term of each query term, in query order (a repeated term adds its score again). */
  readonly occurrences: readonly number[];
}

export interface TopK {
  /** Document ids, best first (higher score, then lower path rank). */
  readonly docs: number[];
  readonly scores: number[];
}

/** Scores are rounded to this many decimals (search-index.ts). */
const SCORE_DECIMALS = 4;

export function roundScore(score: number): number {
  const f = 10 ** SCORE_DECIMALS;
  return Math.round(score * f) / f;
}

/** A bound made safe against float reordering and the rounding of scores: it can only grow. */
function safe(bound: number): number {
  return bound * (1 + 1e-9) + 1e-4;
}

/** First position in [at, to) whose document is ≥ target (galloping, then binary search). */
function seek(docs: Uint32Array, at: number, to: number, target: number): number {
  if (at >= to || docs[at]! >= target) return at;
  let step = 1;
  let lo = at;
  let hi = at + 1;
  while (hi < to && docs[hi]! < target) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > to) hi = to;
  // docs[lo] < target; answer in (lo, hi]
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The largest weight a list gives any of its documents (unweighted by coef), cached per list key. */
export function listMaxWeight(p: Postings, list: ScoringList, cache: Float64Array): number {
  let max = cache[list.key]!;
  if (!Number.isNaN(max)) return max;
  max = 0;
  const from = p.start[list.key]!;
  const to = p.start[list.key + 1]!;
  const lengths = p.fieldLengths[list.field]!;
  const average = p.averageFieldLengths[list.field]!;
  for (let at = from; at < to; at++) {
    const w = termWeight(list.idf, p.freqs[at]!, lengths[p.docs[at]!]!, average);
    if (w > max) max = w;
  }
  cache[list.key] = max;
  return max;
}

/**
 * The query's postings lists flattened in scoring order (term by term, each in its own order), as
 * columns: `termFirst[t]` is where term t's lists begin; `pos`/`end` are each list's cursor.
 */
interface ListColumns {
  readonly count: number;
  /** How many times each distinct term occurs in the query (a repeated term adds its score again). */
  readonly multiplicity: Float64Array;
  readonly termFirst: Uint32Array;
  readonly listTerm: Uint32Array;
  readonly field: Uint8Array;
  readonly coef: Float64Array;
  readonly idf: Float64Array;
  /** What the list can add to a score: its largest weight, for every occurrence of its term. */
  readonly bound: Float64Array;
  readonly pos: Uint32Array;
  readonly end: Uint32Array;
}

function listColumns(p: Postings, plan: QueryPlan, maxWeights: Float64Array): ListColumns {
  const termCount = plan.terms.length;
  const multiplicity = new Float64Array(termCount);
  for (const t of plan.occurrences) multiplicity[t]!++;
  const termFirst = new Uint32Array(termCount + 1);
  let count = 0;
  plan.terms.forEach((lists, t) => {
    termFirst[t] = count;
    count += lists.length;
  });
  termFirst[termCount] = count;
  const columns: ListColumns = {
    count,
    multiplicity,
    termFirst,
    listTerm: new Uint32Array(count),
    field: new Uint8Array(count),
    coef: new Float64Array(count),
    idf: new Float64Array(count),
    bound: new Float64Array(count),
    pos: new Uint32Array(count),
    end: new Uint32Array(count),
  };
  plan.terms.forEach((lists, t) => {
    lists.forEach((list, i) => {
      const f = termFirst[t]! + i;
      columns.listTerm[f] = t;
      columns.field[f] = list.field;
      columns.coef[f] = list.coef;
      columns.idf[f] = list.idf;
      columns.bound[f] = list.coef * listMaxWeight(p, list, maxWeights) * multiplicity[t]!;
      columns.pos[f] = p.start[list.key]!;
      columns.end[f] = p.start[list.key + 1]!;
    });
  });
  return columns;
}

/**
 * The lists by bound, cheapest first, and the bound of a document only the first j of them hold:
 * `prefixSum[j] × prefixTerms[j]` (its multiplier is the number of distinct terms it holds).
 */
function pruningOrder(
  lists: ListColumns,
  termCount: number,
): { order: Uint32Array; prefixBound(j: number): number } {
  const { bound, listTerm } = lists;
  const order = Uint32Array.from(Array.from(bound.keys()).sort((a, b) => bound[a]! - bound[b]!));
  const prefixSum = new Float64Array(lists.count + 1);
  const prefixTerms = new Uint32Array(lists.count + 1);
  const termSeen = new Uint8Array(termCount);
  for (let j = 0; j < lists.count; j++) {
    const f = order[j]!;
    prefixSum[j + 1] = prefixSum[j]! + bound[f]!;
    prefixTerms[j + 1] = prefixTerms[j]! + (termSeen[listTerm[f]!]! === 0 ? 1 : 0);
    termSeen[listTerm[f]!] = 1;
  }
  return { order, prefixBound: (j) => prefixSum[j]! * prefixTerms[j]! };
}

/** The page so far: a heap of at most `size` documents whose root is its worst entry. */
class Page {
  private readonly docs: number[] = [];
  private readonly scores: number[] = [];

  constructor(
    private readonly size: number,
    private readonly pathRank: Uint32Array,
  ) {}

  get full(): boolean {
    return this.docs.length === this.size;
  }

  /** The worst score on a full page. */
  get worst(): number {
    return this.scores[0]!;
  }

  /** Puts `doc` on the page when it is not full, or when it beats the worst entry (score, then path). */
  offer(doc: number, score: number): void {
    const { docs, scores } = this;
    if (!this.full) {
      docs.push(doc);
      scores.push(score);
      for (let i = docs.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (!(score > scores[0]! || (score === scores[0] && this.pathRank[doc]! < this.pathRank[docs[0]!]!)))
      return;
    docs[0] = doc;
    scores[0] = score;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < docs.length && this.worse(l, top)) top = l;
      if (r < docs.length && this.worse(r, top)) top = r;
      if (top === i) break;
      this.swap(i, top);
      i = top;
    }
  }

  /** The page best first (higher score, then lower path rank). */
  ranked(): TopK {
    const { docs, scores, pathRank } = this;
    const ids = Array.from(docs.keys()).sort(
      (a, b) => scores[b]! - scores[a]! || pathRank[docs[a]!]! - pathRank[docs[b]!]!,
    );
    return { docs: ids.map((i) => docs[i]!), scores: ids.map((i) => scores[i]!) };
  }

  private worse(i: number, j: number): boolean {
    const { docs, scores, pathRank } = this;
    return scores[i]! < scores[j]! || (scores[i] === scores[j] && pathRank[docs[i]!]! > pathRank[docs[j]!]!);
  }

  private swap(i: number, j: number): void {
    const { docs, scores } = this;
    const d = docs[i]!;
    docs[i] = docs[j]!;
    docs[j] = d;
    const s = scores[i]!;
    scores[i] = scores[j]!;
    scores[j] = s;
  }
}

/**
 * The best `count` documents among those set in `kept` (a bitset of the query's
 * matches the caller's predicate accepts; `termBits` holds one bitset of the same
 * length per distinct term, the documents its lists reach), exactly as the exhaustive scorer
 * ranks them. `pathRank` breaks ties; `maxWeights` caches each list's largest weight.
 *
 * The unit of pruning is one postings list (a term in one field), not a whole term: a
 * common term's body list, with its low weight, becomes non-essential long before its
 * title list, so candidates come mostly from the short, heavily weighted lists.
 *
 * The candidate loop stays one function on purpose: a candidate's three phases (the cheap
 * bound, the essential lists' weights, the look-ups in the non-essential ones) share the list
 * cursors and per-candidate scratch columns, which as locals stay in the hot loop's registers.
 */
export function topK(
  p: Postings,
  plan: QueryPlan,
  count: number,
  kept: Uint32Array,
  termBits: Uint32Array,
  pathRank: Uint32Array,
  maxWeights: Float64Array,
): TopK {
  const termCount = plan.terms.length;
  if (count <= 0 || termCount === 0) return { docs: [], scores: [] };
  const words = kept.length;
  const lists = listColumns(p, plan, maxWeights);
  const { count: listCount, multiplicity, termFirst, listTerm, field, coef, idf, bound, pos, end } = lists;
  const { order, prefixBound } = pruningOrder(lists, termCount);

  const docs = p.docs;
  const freqs = p.freqs;
  const lengths = p.fieldLengths;
  const averages = p.averageFieldLengths;
  // The current candidate's weight in each list (0 where the list does not hold it).
  const contrib = new Float64Array(listCount);
  const held = new Uint8Array(listCount);
  // Reads list f at position `at` for `doc`: records its weight (contrib/held) when the list holds
  // the document there, and returns what that adds to the candidate's known score (0 otherwise).
  const take = (f: number, at: number, doc: number): number => {
    if (at < end[f]! && docs[at] === doc) {
      const w = coef[f]! * termWeight(idf[f]!, freqs[at]!, lengths[field[f]!]![doc]!, averages[field[f]!]!);
      contrib[f] = w;
      held[f] = 1;
      return w * multiplicity[listTerm[f]!]!;
    }
    held[f] = 0;
    return 0;
  };
  // Per term, the bounds of its non-essential lists summed (recomputed when the split moves).
  const restBound = new Float64Array(termCount);
  const restBoundsFor = (essentialFrom: number) => {
    restBound.fill(0);
    for (let j = 0; j < essentialFrom; j++) restBound[listTerm[order[j]!]!]! += bound[order[j]!]!;
  };
  const termShare = new Float64Array(termCount);
  const termHeld = new Uint8Array(termCount);

  const page = new Page(count, pathRank);
  let threshold = Number.NEGATIVE_INFINITY;
  let firstEssential = 0;

  for (;;) {
    // The next candidate: the smallest document an essential list is at.
    let doc = -1;
    for (let j = firstEssential; j < listCount; j++) {
      const f = order[j]!;
      if (pos[f]! < end[f]!) {
        const d = docs[pos[f]!]!;
        if (doc < 0 || d < doc) doc = d;
      }
    }
    if (doc < 0) break;
    const essentialFrom = firstEssential;
    if ((kept[doc >>> 5]! >>> (doc & 31)) & 1) {
      // The terms this document holds at all (the count pass's per-term bitsets): its exact
      // multiplier, and which non-essential lists can hold it (only its terms' lists).
      const word = doc >>> 5;
      const bit = doc & 31;
      let quality = 0;
      let rest = 0;
      for (let t = 0; t < termCount; t++) {
        const h = (termBits[t * words + word]! >>> bit) & 1;
        termHeld[t] = h;
        quality += h;
        if (h === 1) rest += restBound[t]!;
      }
      const full = page.full;
      if (full) {
        // A first bound from the lists' maxima (no weight computed): most candidates stop here.
        let cheap = rest;
        for (let j = essentialFrom; j < listCount; j++) {
          const f = order[j]!;
          if (pos[f]! < end[f]! && docs[pos[f]!] === doc) cheap += bound[f]!;
        }
        if (safe(cheap * quality) < threshold) {
          for (let j = essentialFrom; j < listCount; j++) {
            const f = order[j]!;
            if (pos[f]! < end[f]! && docs[pos[f]!] === doc) pos[f]!++;
          }
          continue;
        }
      }
      let known = 0;
      for (let j = essentialFrom; j < listCount; j++) {
        const f = order[j]!;
        known += take(f, pos[f]!, doc);
      }
      // Look the candidate up in the non-essential lists of its terms, dearest first, while its
      // bound can still reach the page: known weights plus the bounds of the lists not yet read.
      let reachable = true;
      for (let j = essentialFrom - 1; ; j--) {
        if (full && safe((known + rest) * quality) < threshold) {
          reachable = false;
          break;
        }
        if (j < 0) break;
        const f = order[j]!;
        if (termHeld[listTerm[f]!] === 0) {
          held[f] = 0;
          continue;
        }
        rest -= bound[f]!;
        const at = seek(docs, pos[f]!, end[f]!, doc);
        pos[f] = at;
        known += take(f, at, doc);
      }
      if (reachable) {
        // The exact score, summed as the exhaustive scorer sums it: each term's share over its
        // lists in their order, the shares in query order, times the distinct terms held.
        let total = 0;
        for (let t = 0; t < termCount; t++) {
          let share = 0;
          for (let f = termFirst[t]!; f < termFirst[t + 1]!; f++) if (held[f]) share += contrib[f]!;
          termShare[t] = share;
        }
        for (const t of plan.occurrences) if (termHeld[t]) total += termShare[t]!;
        page.offer(doc, roundScore(total * (quality || 1)));
        if (page.full) {
          threshold = page.worst;
          const before = firstEssential;
          while (firstEssential < listCount && safe(prefixBound(firstEssential + 1)) < threshold)
            firstEssential++;
          if (firstEssential !== before) restBoundsFor(firstEssential);
        }
      }
    }
    // Move the lists that were essential for this candidate past it.
    for (let j = essentialFrom; j < listCount; j++) {
      const f = order[j]!;
      if (pos[f]! < end[f]! && docs[pos[f]!] === doc) pos[f]!++;
    }
  }
  return page.ranked();
}
