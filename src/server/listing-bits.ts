/**
 * Catalog pages over a long-lived listing without a predicate call per
 * document per request. For each filter set (keyed by its canonical form, as
 * the search's keep masks are) and each listing order, the positions of the
 * documents it keeps are a bitset over that order, worked out once (one
 * predicate call per document) and remembered; a page then costs a popcount
 * per 32 documents up to `offset` and one step per document shown, and the
 * total is the bitset's popcount, kept beside it.
 *
 * `catalogPage` (contract-actions.ts) is the reference: one pass over the
 * ordered listing with the predicate. test/server/listing-bits.test.ts holds
 * this to it (page, order, total) on generated listings and filter sets.
 */
import { popcount, wordsFor } from "./search/doc-bits.js";

/** Filter sets whose bitsets are remembered per listing (least recently used dropped first). */
const FILTER_SETS_KEPT = 32;

/** The listing orders a catalog pages through. */
export type ListingOrder = "path" | "date";

/** Which positions of one order a filter set keeps, and how many. */
interface OrderBits {
  readonly bits: Uint32Array;
  readonly total: number;
}

export class ListingBits<D> {
  /** Per canonical filter key, its bitset in each order asked for so far. */
  private readonly sets = new Map<string, Partial<Record<ListingOrder, OrderBits>>>();

  /** `ordered(order)`: the listing's documents in that order (the same array on every call). */
  constructor(private readonly ordered: (order: ListingOrder) => readonly D[]) {}

  /**
   * The documents `matches` keeps in `order`, positions `offset` to `offset + limit`,
   * and how many it keeps in all. `key` must identify the filter set `matches` was
   * compiled from (two filter sets with one key would share a bitset).
   */
  page(
    key: string,
    matches: (doc: D) => boolean,
    order: ListingOrder,
    offset: number,
    limit: number,
  ): { page: D[]; total: number } {
    const docs = this.ordered(order);
    const { bits, total } = this.bitsFor(key, matches, order, docs);
    const page: D[] = [];
    if (offset >= total || limit <= 0) return { page, total };
    // Skip whole words while the documents they keep all lie before `offset`.
    let skipped = 0;
    let w = 0;
    for (; w < bits.length; w++) {
      const count = popcount(bits[w]!);
      if (skipped + count > offset) break;
      skipped += count;
    }
    for (; w < bits.length && page.length < limit; w++) {
      let x = bits[w]!;
      while (x !== 0 && page.length < limit) {
        const low = x & -x;
        x ^= low;
        if (skipped++ < offset) continue;
        page.push(docs[(w << 5) + (31 - Math.clz32(low))]!);
      }
    }
    return { page, total };
  }

  private bitsFor(
    key: string,
    matches: (doc: D) => boolean,
    order: ListingOrder,
    docs: readonly D[],
  ): OrderBits {
    let set = this.sets.get(key);
    if (set === undefined) {
      set = {};
      if (this.sets.size >= FILTER_SETS_KEPT) this.sets.delete(this.sets.keys().next().value!);
    } else {
      this.sets.delete(key);
    }
    this.sets.set(key, set);
    let found = set[order];
    if (found === undefined) {
      const bits = new Uint32Array(wordsFor(docs.length));
      let total = 0;
      for (let i = 0; i < docs.length; i++) {
        if (matches(docs[i]!)) {
          bits[i >>> 5]! |= 1 << (i & 31);
          total++;
        }
      }
      found = { bits, total };
      set[order] = found;
    }
    return found;
  }
}
