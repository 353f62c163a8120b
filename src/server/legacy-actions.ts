/**
 * Legacy mode: the 0.28.x results of the retrieval actions, built by the
 * pure builders of src/legacy over the served corpus re-read the 0.28.x way
 * (its frontmatter reader, URIs, titles and string content hash: legacyView)
 * and ranked by 0.28.x's own BM25 (LegacyBm25), so scores, order and weak
 * hits are the ones legacy callers saw.
 */
import type { Corpus, CorpusDocument } from "../corpus/types.js";
import {
  LEGACY_SEARCH_MAX_HITS,
  LegacyBm25,
  type LegacyCallParams,
  type LegacyIndex,
  type LegacyRetrievalAction,
  legacyCatalogResult,
  legacyCatalogText,
  legacyGetResult,
  legacyGetText,
  legacyIndex,
  legacyPreflightResult,
  legacyPreflightText,
  legacyResolveResult,
  legacyResolveText,
  legacySearchResult,
  legacySearchText,
  legacySnippet,
  legacyTags,
  legacyTextForSearch,
  legacyTitle,
  legacyView,
} from "../legacy/index.js";
import type { ActionOutcome, ServedCorpus } from "./state.js";

export interface LegacyState {
  /** Every served document, read the 0.28.x way (`get` reaches files outside the index). */
  readonly all: LegacyIndex;
  /** The indexed folders (search, catalog, resolve, preflight). */
  readonly index: LegacyIndex;
  readonly bm25: LegacyBm25<CorpusDocument>;
}

const states = new WeakMap<Corpus, LegacyState>();

/** The 0.28.x index of the served folder (computed once per corpus); window mode ranks its legacy hits with it too. */
export function legacyStateOf(corpus: Corpus): LegacyState {
  let state = states.get(corpus);
  if (!state) {
    const all = legacyView(corpus);
    const index = legacyIndex(all);
    const bm25 = new LegacyBm25(index.documents, (doc) =>
      legacyTextForSearch({
        title: legacyTitle(doc),
        path: doc.path,
        tags: legacyTags(doc),
        excerpt: legacySnippet(doc.raw),
      }),
    );
    state = { all, index, bm25 };
    states.set(corpus, state);
  }
  return state;
}

/**
 * Whose ranking legacy-mode search answers with: `0.28` (0.28.x's own BM25:
 * its hits, order and scores) or `reference` (this server's contract ranking
 * in the legacy shape), which isolates a migration's effect from the ranking
 * change when the same code is run before and after.
 */
export const LEGACY_RANKINGS = ["0.28", "reference"] as const;
export type LegacyRanking = (typeof LEGACY_RANKINGS)[number];

/** What every legacy handler reads: the served corpus, its 0.28.x state and the call's parameters. */
interface LegacyActionInput extends LegacyState {
  readonly served: ServedCorpus;
  readonly docs: readonly CorpusDocument[];
  readonly input: string;
  readonly params: LegacyCallParams;
  readonly ranking: LegacyRanking;
}

/** The retrieval actions a 0.28.x server answered (its tools, version aside). */
type LegacyAnswered = Exclude<LegacyRetrievalAction, "version">;

/**
 * One 0.28.x handler per action the 0.28.x server had (LEGACY_RETRIEVAL_ACTIONS): an action the
 * contract adds has no legacy tool and needs nothing here.
 */
const LEGACY_HANDLERS: Readonly<Record<LegacyAnswered, (call: LegacyActionInput) => ActionOutcome>> = {
  search: ({ served, index, bm25, docs, input, params, ranking }) => {
    const ranked =
      ranking === "reference"
        ? referenceRanked(served, index, input)
        : bm25.search(input, LEGACY_SEARCH_MAX_HITS).map((r) => ({ doc: r.item, score: r.score }));
    const result = legacySearchResult(ranked, {
      docsConsidered: docs.length,
      include_metadata: params.include_metadata,
      result_grouping: params.result_grouping,
    });
    return {
      result: { ...result },
      assistantText: legacySearchText(input, result, docs.length),
      isError: false,
    };
  },
  catalog: ({ docs, params }) => {
    const options = {
      sort_by: params.sort_by,
      limit: params.limit,
      offset: params.offset,
      filter_epoch: params.filter_epoch,
    };
    const result = legacyCatalogResult(docs, options);
    return {
      result: { ...result },
      assistantText: legacyCatalogText(docs, result, options),
      isError: false,
    };
  },
  get: ({ all, input, params }) => {
    const options = { include_metadata: params.include_metadata, section: params.section };
    const result = legacyGetResult(all, input, options);
    return { result: { ...result }, assistantText: legacyGetText(input, options, result), isError: false };
  },
  resolve: ({ index, input }) => {
    const result = legacyResolveResult(index, input);
    return { result: { ...result }, assistantText: legacyResolveText(input, result), isError: false };
  },
  preflight: ({ docs, input, params }) => {
    const result = legacyPreflightResult(docs, input, { result_grouping: params.result_grouping });
    return { result: { ...result }, assistantText: legacyPreflightText(docs, result), isError: false };
  },
};

export function runLegacyAction(
  served: ServedCorpus,
  action: LegacyAnswered,
  params: LegacyCallParams,
  ranking: LegacyRanking = "0.28",
): ActionOutcome {
  const state = legacyStateOf(served.corpus);
  return LEGACY_HANDLERS[action]({
    ...state,
    served,
    docs: state.index.documents,
    input: params.input ?? "",
    params,
    ranking,
  });
}

/** The contract search's best hits among the 0.28.x index's documents (legacyRanking "reference"). */
function referenceRanked(served: ServedCorpus, index: LegacyIndex, input: string) {
  const indexed = new Set(index.documents.map((d) => d.path));
  return served.index
    .rank(input, (doc) => indexed.has(doc.path), LEGACY_SEARCH_MAX_HITS)
    .hits.map((h) => ({ doc: h.doc, score: h.score }));
}
