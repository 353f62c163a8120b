/**
 * Sets of document ids as bitsets (one bit per document, 32 per word). A
 * query's matches are counted by OR-ing its postings into a bitset that fits
 * in the first-level cache (12.5 KB at 100,000 documents) and AND-ing it with
 * the kept documents' bitset word by word, instead of stamping a per-document
 * array and testing a predicate per match.
 */

/** The documents a filter set keeps, as a bitset (SearchIndex.keepMask builds one per filter set). */
export class KeepBits {
  constructor(readonly bits: Uint32Array) {}

  /** Is document `id` kept? */
  has(id: number): boolean {
    return ((this.bits[id >>> 5]! >>> (id & 31)) & 1) === 1;
  }
}

export function wordsFor(documents: number): number {
  return (documents + 31) >>> 5;
}

/** The number of set bits of a 32-bit word. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Call `visit` with each id set in `bits`, ascending. */
export function forEachId(bits: Uint32Array, visit: (id: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      visit((w << 5) + (31 - Math.clz32(low)));
      x ^= low;
    }
  }
}
