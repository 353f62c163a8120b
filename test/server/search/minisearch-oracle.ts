/**
 * The ranking as first shipped (minisearch BM25+ over a Map per term and
 * field): the oracle the compact index is held against, kept verbatim.
 */
import MiniSearch from "minisearch";
import type { CorpusDocument } from "../../../src/corpus/types.js";
import { comparePaths } from "../../../src/server/order.js";

/** Field weights: a match in the title or a heading says more than one deep in the body. */
const BOOST = { title: 3, headings: 2, tags: 2, body: 1 } as const;
/** Query terms this long also match as prefixes (cache → caches, caching). */
const PREFIX_MIN_LENGTH = 4;
/**
 * Words too common to say why a document matched: without them, a query like
 * "cache the catalog" would match every document containing "the".
 */
const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have in into is it its of on or that the their then there these this to was were will with".split(
    " ",
  ),
);
/** Decimal places kept on scores: stable JSON, order preserved. */
const SCORE_DECIMALS = 4;

export interface RankedHit {
  readonly doc: CorpusDocument;
  readonly score: number;
  /** Index terms the query matched (lower-cased), for snippets. */
  readonly terms: readonly string[];
}

function headingsOf(body: string): string {
  return body
    .split("\n")
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#+\s*/, ""))
    .join("\n");
}

function tagsOf(doc: CorpusDocument): string {
  const tags = doc.frontmatter.tags;
  if (Array.isArray(tags)) return tags.map((t) => String(t)).join(" ");
  return typeof tags === "string" ? tags : "";
}

function round(score: number): number {
  const f = 10 ** SCORE_DECIMALS;
  return Math.round(score * f) / f;
}

export class MiniSearchOracle {
  readonly size: number;
  private readonly engine: MiniSearch<{ id: number }>;
  private readonly docs: readonly CorpusDocument[];

  constructor(docs: readonly CorpusDocument[]) {
    this.docs = docs;
    this.size = docs.length;
    this.engine = new MiniSearch<{ id: number }>({
      fields: ["title", "headings", "body", "tags"],
      storeFields: [],
      processTerm: (term) => {
        const lower = term.toLowerCase();
        return STOP_WORDS.has(lower) ? null : lower;
      },
      extractField: (entry, field) => {
        if (field === "id") return entry.id;
        const doc = docs[entry.id]!;
        switch (field) {
          case "title":
            return doc.title;
          case "headings":
            return headingsOf(doc.body);
          case "tags":
            return tagsOf(doc);
          default:
            return doc.body;
        }
      },
    });
    // Document at a time: the index never holds a second copy of the corpus text.
    for (let id = 0; id < docs.length; id++) this.engine.add({ id });
  }

  /** Every document matching the query and the predicate, best first (ties by path). */
  search(query: string, keep: (doc: CorpusDocument) => boolean = () => true): RankedHit[] {
    const results = this.engine.search(query, {
      boost: { ...BOOST },
      prefix: (term) => term.length >= PREFIX_MIN_LENGTH,
      filter: (r) => keep(this.docs[r.id as number]!),
    });
    return results
      .map((r) => ({ doc: this.docs[r.id as number]!, score: round(r.score), terms: r.terms }))
      .sort((a, b) => b.score - a.score || comparePaths(a.doc, b.doc));
  }
}
