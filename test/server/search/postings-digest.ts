/**
 * A digest of everything a built index holds (terms in id order, every column's bytes, the
 * average field lengths as float64 bytes): two builds are the same index exactly when their
 * digests are equal. Used to pin the index the server builds today (index-golden.test.ts).
 */
import { createHash } from "node:crypto";
import type { Postings } from "../../../src/server/search/postings.js";

export function postingsDigest(p: Postings): string {
  const hash = createHash("sha256");
  hash.update(`${p.documentCount}\n${p.terms.length}\n`);
  for (const term of p.terms) hash.update(`${term}\u0000`);
  const columns = [p.sortedTermIds, p.start, p.docs, p.freqs, ...p.fieldLengths];
  for (const column of columns) {
    hash.update(`${column.length}:`);
    hash.update(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
  hash.update(new Uint8Array(Float64Array.from(p.averageFieldLengths).buffer));
  // termIds must be the inverse of terms.
  for (const [term, id] of p.termIds) if (p.terms[id] !== term) hash.update("termIds-mismatch");
  hash.update(`${p.termIds.size}`);
  return hash.digest("hex");
}
