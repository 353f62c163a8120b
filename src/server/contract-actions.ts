/**
 * The five retrieval actions in the contract shape, over a served corpus.
 * Each takes a request already validated by the contract core and answers
 * the `result` object; with `legacyWindow` the action's legacy (0.28.x)
 * fields ride beside the contract ones (contract meaning wins on a clash).
 * Catalog, get and resolve are split into a find (or filter/page) step and a
 * render step, so the forward shim runs the same steps over the documents a
 * legacy server gives it (src/shim/forward/emulate.ts).
 */
import {
  buildManyResult,
  canonicalFilters,
  compileFilters,
  type FilterableDocument,
  mergeLegacyFields,
  notFoundError,
  pickFilters,
  type ResolvedRequest,
} from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";
import {
  LEGACY_SEARCH_MAX_HITS,
  type LegacyIndex,
  legacyCatalogResult,
  legacyDocument,
  legacyGetResult,
  legacyPreflightResult,
  legacyResolveResult,
  legacySearchResult,
  legacyView,
} from "../legacy/index.js";
import { type DisclosableDocument, entryFor } from "./entries.js";
import { type LegacyRanking, legacyStateOf } from "./legacy-actions.js";
import { findDocument, type Resolution, resolveDocument } from "./lookup.js";
import type { Listing } from "./order.js";
import { preflightBundle } from "./preflight.js";
import { querySnippet } from "./snippet.js";
import type { ActionOutcome, ServedCorpus } from "./state.js";

function pageText(noun: string, total: number, req: ResolvedRequest, shown: number): string {
  if (total === 0) return `No ${noun} matched.`;
  if (shown === 0) return `${total} ${noun} matched; offset ${req.offset} is past the last one.`;
  const more = req.offset + shown < total ? ` Next page: offset ${req.offset + shown}.` : "";
  return `${total} ${noun} matched; showing ${req.offset + 1}–${req.offset + shown}.${more}`;
}

export function searchAction(
  served: ServedCorpus,
  req: ResolvedRequest<"search">,
  legacyWindow: boolean,
  ranking: LegacyRanking = "0.28",
): ActionOutcome {
  const filters = pickFilters(req.params);
  const matches = compileFilters(filters);
  // Only the hits up to the page's end are ranked in order (the window's legacy fields need the first few).
  const wanted = req.offset + req.limit;
  // The documents these filters keep, as a mask worked out once per filter set (the index
  // belongs to this served corpus, so its listing is part of what the mask means).
  const keep = served.index.keepMask(
    JSON.stringify(canonicalFilters(filters)),
    (doc) => served.isListed(doc) && matches(doc),
  );
  const { total, hits } = served.index.rank(req.params.input, keep, wanted);
  const page = hits.slice(req.offset, wanted);
  const data = page.map((h) =>
    entryFor("search", req.disclosure, h.doc, { score: h.score, snippet: querySnippet(h.doc, h.terms) }),
  );
  let result: Record<string, unknown> = buildManyResult(req, data, total);
  if (legacyWindow) {
    // The hits a 0.28.x server ranks (its BM25 over its index), among the documents the filters allow.
    const state = legacyStateOf(served.corpus);
    const allowed = new Set(served.listed.filter(matches).map((d) => d.path));
    const ranked =
      ranking === "reference"
        ? served.index
            .rank(req.params.input, (doc) => allowed.has(doc.path), LEGACY_SEARCH_MAX_HITS)
            .hits.map((h) => ({ doc: h.doc, score: h.score }))
        : state.bm25
            .search(req.params.input, state.bm25.size)
            .filter((r) => allowed.has(r.item.path))
            .map((r) => ({ doc: r.item, score: r.score }));
    const legacy = legacySearchResult(ranked, {
      docsConsidered: state.index.documents.length,
      include_metadata: req.disclosure.includes("metadata"),
    });
    result = mergeLegacyFields("search", result, legacy);
  }
  return {
    result,
    assistantText: `Search "${req.params.input}": ${pageText("documents", total, req, data.length)}`,
    isError: false,
  };
}

/** The catalog's filter/page step, over any listing (the server's corpus, the forward shim's legacy listing). */
export interface CatalogPage<D> {
  /** The page's documents, in the requested order. */
  readonly page: D[];
  /** How many documents match the filters. */
  readonly total: number;
  /** Every match in path order: what the window's legacy fields are computed over. */
  matching(): D[];
}

export function catalogPage<D extends FilterableDocument>(
  listing: Listing<D>,
  req: ResolvedRequest<"catalog">,
): CatalogPage<D> {
  const matches = compileFilters(pickFilters(req.params));
  // Filtering a presorted list keeps its order: no sort per request. One pass counts the
  // matches (total) and keeps only the page's documents.
  const ordered = (req.params.sort_by ?? "path") === "date" ? listing.byDate() : listing.listed;
  const end = req.offset + req.limit;
  const page: D[] = [];
  let total = 0;
  for (const doc of ordered) {
    if (!matches(doc)) continue;
    if (total >= req.offset && total < end) page.push(doc);
    total++;
  }
  return { page, total, matching: () => listing.listed.filter(matches) };
}

/**
 * The catalog's render step: the page's entries (each document offers what the
 * request discloses) in the contract envelope; with `legacyMatching` (every match
 * in path order, whole documents) the window's legacy fields ride beside them.
 */
export function catalogOutcome(
  req: ResolvedRequest<"catalog">,
  page: readonly DisclosableDocument[],
  total: number,
  legacyMatching?: readonly CorpusDocument[],
): ActionOutcome {
  const data = page.map((doc, i) =>
    entryFor("catalog", req.disclosure, doc, { position: req.offset + i + 1 }),
  );
  let result: Record<string, unknown> = buildManyResult(req, data, total);
  if (legacyMatching) {
    // Legacy fields as 0.28.x computes them over the same documents (its reading of each,
    // its path order — locale, not code unit — and its date order), paged with the same limit/offset.
    const legacyDocs = legacyMatching.map(legacyDocument);
    const legacy =
      req.params.sort_by === "path" || req.params.sort_by === "date"
        ? legacyCatalogResult(legacyDocs, {
            sort_by: req.params.sort_by,
            limit: req.limit,
            offset: req.offset,
          })
        : legacyCatalogResult(legacyDocs);
    result = mergeLegacyFields("catalog", result, legacy);
  }
  return {
    result,
    assistantText: `Catalog by ${req.params.sort_by ?? "path"}: ${pageText("documents", total, req, data.length)}`,
    isError: false,
  };
}

export function catalogAction(
  served: ServedCorpus,
  req: ResolvedRequest<"catalog">,
  legacyWindow: boolean,
): ActionOutcome {
  // The same page as catalogPage(served, req), from the bitset this filter set keeps in the
  // requested order (worked out on its first request): no predicate call per document.
  const filters = pickFilters(req.params);
  const matches = compileFilters(filters);
  const order = (req.params.sort_by ?? "path") === "date" ? "date" : "path";
  const key = JSON.stringify(canonicalFilters(filters));
  const { page, total } = served.pages.page(key, matches, order, req.offset, req.limit);
  return catalogOutcome(req, page, total, legacyWindow ? served.listed.filter(matches) : undefined);
}

export function preflightAction(
  served: ServedCorpus,
  req: ResolvedRequest<"preflight">,
  legacyWindow: boolean,
): ActionOutcome {
  const filters = pickFilters(req.params);
  const bundle = preflightBundle(served, req.params.input, filters);
  const page = bundle.slice(req.offset, req.offset + req.limit);
  const data = page.map((b) => entryFor("preflight", req.disclosure, b.doc, { role: b.role }));
  let result: Record<string, unknown> = buildManyResult(req, data, bundle.length);
  if (legacyWindow) {
    const docs = served.listed.filter(compileFilters(filters)).map(legacyDocument);
    result = mergeLegacyFields("preflight", result, legacyPreflightResult(docs, req.params.input));
  }
  const roles = page.map((b) => `- ${b.role}: ${b.doc.uri} — ${b.doc.title}`);
  return {
    result,
    assistantText: [
      `Preflight "${req.params.input}": ${pageText("documents", bundle.length, req, data.length)}`,
      ...roles,
    ].join("\n"),
    isError: false,
  };
}

/**
 * The get answer for the document an input names (`undefined`: none); with
 * `legacy` (a legacy view holding that document) the window's legacy fields.
 */
export function getOutcome(
  req: ResolvedRequest<"get">,
  doc: CorpusDocument | undefined,
  legacy?: LegacyIndex,
): ActionOutcome {
  if (!doc) {
    const error = notFoundError("get", req.params.input);
    return { result: { ...error }, assistantText: error.error_message, isError: true };
  }
  const data = entryFor("get", req.disclosure, doc, { content_hash: doc.contentHash });
  let result: Record<string, unknown> = { status: "FOUND", data, disclosure_applied: req.disclosure };
  if (legacy) {
    const legacyResult = legacyGetResult(legacy, doc.path, {
      include_metadata: req.disclosure.includes("metadata"),
    });
    result = mergeLegacyFields("get", result, legacyResult);
  }
  return { result, assistantText: `${doc.title} (${doc.uri})`, isError: false };
}

export function getAction(
  served: ServedCorpus,
  req: ResolvedRequest<"get">,
  legacyWindow: boolean,
): ActionOutcome {
  const doc = findDocument(served.corpus, req.params.input);
  return getOutcome(req, doc, legacyWindow ? legacyView(served.corpus) : undefined);
}

/**
 * The resolve answer for a resolution whose document is whole; with `legacy`
 * (the legacy view it was resolved in) the window's legacy fields.
 */
export function resolveOutcome(
  req: ResolvedRequest<"resolve">,
  resolution: Resolution,
  legacy?: LegacyIndex,
): ActionOutcome {
  if (!resolution.ok) {
    return { result: { ...resolution.error }, assistantText: resolution.error.error_message, isError: true };
  }
  const { doc, chain } = resolution;
  const data = entryFor("resolve", req.disclosure, doc, {
    content_hash: doc.contentHash,
    supersession_chain: chain,
  });
  let result: Record<string, unknown> = { status: "FOUND", data, disclosure_applied: req.disclosure };
  if (legacy) result = mergeLegacyFields("resolve", result, legacyResolveResult(legacy, req.params.input));
  const steps = chain.length;
  return {
    result,
    assistantText:
      steps === 0
        ? `Resolved ${req.params.input} (no supersession).`
        : `Resolved ${req.params.input} → ${doc.uri} via ${steps} supersession step${steps === 1 ? "" : "s"}.`,
    isError: false,
  };
}

export function resolveAction(
  served: ServedCorpus,
  req: ResolvedRequest<"resolve">,
  legacyWindow: boolean,
): ActionOutcome {
  return resolveOutcome(
    req,
    resolveDocument(served.corpus, req.params.input),
    legacyWindow ? legacyView(served.corpus) : undefined,
  );
}
