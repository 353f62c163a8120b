/** What every action reads: the loaded corpus and its search index. */
import type { Corpus, CorpusDocument } from "../corpus/types.js";
import { comparePaths, newestFirst } from "./order.js";
import type { SearchIndex } from "./search-index.js";

export interface ServedCorpus {
  readonly corpus: Corpus;
  readonly index: SearchIndex;
  /**
   * Documents the contract listings show: one per URI. When two files declare
   * the same URI, the one the loader chose to answer for it (its load warning
   * names both) is listed; the other stays reachable by path.
   */
  /** In path order (code-unit order, as the loader sorts). */
  readonly listed: readonly CorpusDocument[];
  isListed(doc: CorpusDocument): boolean;
  /** The listed documents newest first by frontmatter date, undated last, ties by path (computed once). */
  byDate(): readonly CorpusDocument[];
}

export function servedCorpus(corpus: Corpus, index: SearchIndex): ServedCorpus {
  const listed = corpus.documents.filter((d) => corpus.byUri.get(d.uri) === d).sort(comparePaths);
  const set = new Set(listed);
  let byDate: CorpusDocument[] | null = null;
  return {
    corpus,
    index,
    listed,
    isListed: (doc) => set.has(doc),
    byDate: () => {
      byDate ??= [...listed].sort(newestFirst);
      return byDate;
    },
  };
}

/** What an action answers before it is wrapped in the outer envelope. */
export interface ActionOutcome {
  readonly result: Record<string, unknown>;
  readonly assistantText: string;
  readonly isError: boolean;
}
