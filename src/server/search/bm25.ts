/**
 * The BM25+ term weight of the ranking (minisearch's: k 1.2, b 0.7, d 0.5),
 * split so the inverse document frequency — one logarithm — is computed once
 * per (term, field) postings list instead of once per posting. Every scorer
 * (exhaustive and pruned) calls these two functions, so both compute each
 * score with the same operations in the same order and agree bit for bit.
 */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/** The inverse document frequency of a postings list of `matching` documents out of `total`. */
export function inverseDocumentFrequency(matching: number, total: number): number {
  return Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
}

/** The BM25+ weight of one posting: term frequency, field length and average field length. */
export function termWeight(invDocFreq: number, termFreq: number, length: number, average: number): number {
  const { k, b, d } = BM25;
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * length) / average)));
}
