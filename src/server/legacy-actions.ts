/**
 * Legacy mode: the 0.28.x results of the retrieval actions, built by the
 * pure builders of src/legacy over the served corpus (ranked by the same
 * BM25 index as the contract search).
 */
import {
  type LegacyCallParams,
  legacyCatalogResult,
  legacyCatalogText,
  legacyGetResult,
  legacyGetText,
  legacyPreflightResult,
  legacyPreflightText,
  legacyResolveResult,
  legacyResolveText,
  legacySearchResult,
  legacySearchText,
} from "../legacy/index.js";
import type { ActionOutcome, ServedCorpus } from "./state.js";

export function runLegacyAction(
  served: ServedCorpus,
  action: "search" | "catalog" | "get" | "resolve" | "preflight",
  params: LegacyCallParams,
): ActionOutcome {
  const docs = served.corpus.documents;
  const input = params.input ?? "";
  switch (action) {
    case "search": {
      const result = legacySearchResult(served.index.search(input), {
        docsConsidered: served.index.size,
        include_metadata: params.include_metadata,
        result_grouping: params.result_grouping,
      });
      return {
        result: { ...result },
        assistantText: legacySearchText(input, result, served.index.size),
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
      const result = legacyResolveResult(served.corpus, input);
      return { result: { ...result }, assistantText: legacyResolveText(input, result), isError: false };
    }
    case "preflight": {
      const result = legacyPreflightResult(docs, input, { result_grouping: params.result_grouping });
      return { result: { ...result }, assistantText: legacyPreflightText(docs, result), isError: false };
    }
  }
}
