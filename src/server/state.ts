/** What every action reads: the loaded corpus and its search index. */
import type { Corpus, CorpusDocument } from "../corpus/types.js";
import { ListingBits } from "./listing-bits.js";
import { type Listing, listingOf } from "./order.js";
import type { SearchIndex } from "./search-index.js";

/**
 * The corpus as the actions serve it. Its listing (`listed`, `byDate()`) holds
 * one document per URI: when two files declare the same URI, the one the loader
 * chose to answer for it (its load warning names both) is listed; the other
 * stays reachable by path.
 */
export interface ServedCorpus extends Listing<CorpusDocument> {
  readonly corpus: Corpus;
  readonly index: SearchIndex;
  isListed(doc: CorpusDocument): boolean;
  /** Catalog pages of the listing per filter set, from bitsets kept per filter set (listing-bits.ts). */
  readonly pages: ListingBits<CorpusDocument>;
}

export function servedCorpus(corpus: Corpus, index: SearchIndex): ServedCorpus {
  const listing = listingOf(corpus.documents, corpus.byUri);
  const set = new Set(listing.listed);
  return {
    corpus,
    index,
    listed: listing.listed,
    isListed: (doc) => set.has(doc),
    byDate: () => listing.byDate(),
    pages: new ListingBits((order) => (order === "date" ? listing.byDate() : listing.listed)),
  };
}

/** What an action answers before it is wrapped in the outer envelope. */
export interface ActionOutcome {
  readonly result: Record<string, unknown>;
  readonly assistantText: string;
  readonly isError: boolean;
}
