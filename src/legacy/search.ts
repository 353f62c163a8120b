/**
 * The 0.28.x search result over hits ranked by the caller's engine (the
 * reference server ranks with BM25+ over its compact index; a shim may rank
 * otherwise): at most 5 hits, evidence quotes for the top 3.
 */
import type { CorpusDocument } from "../corpus/types.js";
import { readLegacyFrontmatter } from "./frontmatter.js";
import { legacyQuote, legacySnippet, legacyTags, legacyTitle } from "./text.js";

export const LEGACY_SEARCH_MAX_HITS = 5;
const EVIDENCE_COUNT = 3;

/** Every document of a served folder comes from the one baseline knowledge base. */
export type LegacySource = "canon" | "baseline";
export const LEGACY_SOURCE: LegacySource = "baseline";

export type ResultGrouping = "merged" | "overlay_first" | "grouped";

export interface RankedDocument {
  readonly doc: CorpusDocument;
  readonly score: number;
}

export interface LegacySearchOptions {
  readonly include_metadata?: boolean;
  readonly result_grouping?: ResultGrouping;
  /** Size of the index searched (`docs_considered`). */
  readonly docsConsidered: number;
}

export interface LegacyHit {
  uri: string;
  path: string;
  title: string;
  tags?: string[];
  score: number;
  snippet: string;
  source: LegacySource;
  metadata?: Record<string, unknown>;
}

export interface LegacyEvidence {
  quote: string;
  citation: string;
  source: LegacySource;
}

export type LegacySearchResult =
  | {
      status: "FOUND";
      hits: LegacyHit[];
      evidence: LegacyEvidence[];
      docs_considered: number;
      overlay_hits?: LegacyHit[];
      baseline_hits?: LegacyHit[];
    }
  | {
      status: "NO_MATCH";
      docs_considered: number;
      hits: [];
      overlay_hits?: [];
      baseline_hits?: [];
    };

export function legacyHit(doc: CorpusDocument, score: number, includeMetadata: boolean): LegacyHit {
  const hit: LegacyHit = {
    uri: doc.uri,
    path: doc.path,
    title: legacyTitle(doc),
    tags: legacyTags(doc),
    score,
    snippet: legacySnippet(doc.raw),
    source: LEGACY_SOURCE,
  };
  if (hit.tags === undefined) delete hit.tags;
  // 0.28.x attaches its reader's whole reading of the file (not its index's coerced copy).
  const metadata = includeMetadata ? (readLegacyFrontmatter(doc.raw) ?? undefined) : undefined;
  if (metadata) hit.metadata = metadata;
  return hit;
}

export function legacySearchResult(
  ranked: readonly RankedDocument[],
  options: LegacySearchOptions,
): LegacySearchResult {
  const grouped = options.result_grouping === "grouped";
  const top = ranked.slice(0, LEGACY_SEARCH_MAX_HITS);
  if (top.length === 0) {
    return grouped
      ? {
          status: "NO_MATCH",
          docs_considered: options.docsConsidered,
          hits: [],
          overlay_hits: [],
          baseline_hits: [],
        }
      : { status: "NO_MATCH", docs_considered: options.docsConsidered, hits: [] };
  }
  const hits = top.map((r) => legacyHit(r.doc, r.score, options.include_metadata === true));
  const evidence = top.slice(0, EVIDENCE_COUNT).map((r) => ({
    quote: legacyQuote(r.doc.raw),
    citation: `${r.doc.path}#${legacyTitle(r.doc)}`,
    source: LEGACY_SOURCE,
  }));
  const result: LegacySearchResult = {
    status: "FOUND",
    hits,
    evidence,
    docs_considered: options.docsConsidered,
  };
  if (grouped) {
    result.overlay_hits = hits.filter((h) => h.source === "canon");
    result.baseline_hits = hits.filter((h) => h.source === "baseline");
  }
  return result;
}

export function legacySearchText(query: string, result: LegacySearchResult, indexSize: number): string {
  if (result.status === "NO_MATCH") {
    return `Searched ${indexSize} documents but found no matches for "${query}". Try rephrasing or ask with action "catalog" to see available documentation.`;
  }
  return [
    `Found ${result.hits.length} result(s) for: "${query}"`,
    "",
    ...result.evidence.map((e) => `> ${e.quote}\n— ${e.citation} (${e.source})`),
    "",
    "Results:",
    ...result.hits.map((h) => `- \`${h.path}\` — ${h.title} (score: ${h.score.toFixed(2)}, ${h.source})`),
  ]
    .join("\n")
    .trim();
}
