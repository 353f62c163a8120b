/**
 * Legacy mode: the 0.28.x results of the retrieval actions, built by the
 * pure builders of src/legacy over the served corpus (ranked by the same
 * BM25 index as the contract search).
 */
import type { Action } from "../contract/index.js";
import type { Corpus, CorpusDocument } from "../corpus/types.js";
import {
  LEGACY_SEARCH_MAX_HITS,
  type LegacyCallParams,
  type LegacyIndex,
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
} from "../legacy/index.js";
import type { ActionOutcome, ServedCorpus } from "./state.js";

const indexes = new WeakMap<Corpus, { index: LegacyIndex; indexed: ReadonlySet<CorpusDocument> }>();

/** The 0.28.x index of the served folder (computed once per corpus). */
function indexOf(corpus: Corpus) {
  let entry = indexes.get(corpus);
  if (!entry) {
    const index = legacyIndex(corpus);
    entry = { index, indexed: new Set(index.documents) };
    indexes.set(corpus, entry);
  }
  return entry;
}

export function runLegacyAction(
  served: ServedCorpus,
  action: Action,
  params: LegacyCallParams,
): ActionOutcome {
  const { index, indexed } = indexOf(served.corpus);
  const docs = index.documents;
  const input = params.input ?? "";
  switch (action) {
    case "search": {
      // 0.28.x answers the best LEGACY_SEARCH_MAX_HITS hits; only those are ranked in order.
      const ranked = served.index.rank(input, (doc) => indexed.has(doc), LEGACY_SEARCH_MAX_HITS).hits;
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
    }
    case "catalog": {
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
    }
    case "get": {
      const options = { include_metadata: params.include_metadata, section: params.section };
      const result = legacyGetResult(served.corpus, input, options);
      return { result: { ...result }, assistantText: legacyGetText(input, options, result), isError: false };
    }
    case "resolve": {
      const result = legacyResolveResult(index, input);
      return { result: { ...result }, assistantText: legacyResolveText(input, result), isError: false };
    }
    case "preflight": {
      const result = legacyPreflightResult(docs, input, { result_grouping: params.result_grouping });
      return { result: { ...result }, assistantText: legacyPreflightText(docs, result), isError: false };
    }
  }
}
