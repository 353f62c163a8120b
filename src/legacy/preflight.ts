/**
 * The 0.28.x `preflight` result: the best keyword matches for the task as
 * "start here", the definition-of-done document, constraint documents, and
 * the index size. Its scoring is the legacy keyword heuristic, not BM25.
 */
import type { CorpusDocument } from "../corpus/types.js";
import { legacySnippet, legacyTags, legacyTitle } from "./text.js";

export interface LegacyPreflightResult {
  topic: string;
  start_here: string[];
  dod?: string;
  constraints: string[];
  docs_available: number;
  start_here_overlay?: string[];
  start_here_baseline?: string[];
}

/** Weights of the legacy keyword heuristic (per query term of 3+ letters). */
const WEIGHTS = { title: 10, path: 5, tag: 8, excerpt: 3, anywhere: 1, governing: 5, promoted: 3 } as const;
const CANDIDATES = 5;
const START_HERE = 3;
const CONSTRAINTS = 3;

function text(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

/** Query terms of a topic: lower-cased words of 3+ letters. */
function topicTerms(topic: string): string[] {
  return topic
    .toLowerCase()
    .replace(/[^\w\s]/g, " ")
    .split(/\s+/)
    .filter((t) => t.length > 2);
}

interface ScoredFields {
  readonly title: string;
  readonly path: string;
  readonly tags: readonly string[];
  readonly excerpt: string;
  readonly searchable: string;
}

/** The lower-cased fields the heuristic reads, once per document (a preflight scores every document). */
const fieldsCache = new WeakMap<CorpusDocument, ScoredFields>();

function fieldsOf(doc: CorpusDocument): ScoredFields {
  let fields = fieldsCache.get(doc);
  if (!fields) {
    const title = legacyTitle(doc).toLowerCase();
    const path = doc.path.toLowerCase();
    const tags = (legacyTags(doc) ?? []).map((t) => t.toLowerCase());
    const excerpt = legacySnippet(doc.raw).toLowerCase();
    fields = { title, path, tags, excerpt, searchable: `${title} ${path} ${tags.join(" ")} ${excerpt}` };
    fieldsCache.set(doc, fields);
  }
  return fields;
}

/** The legacy keyword score of one document for a topic's terms (0 = no match). */
function keywordScore(doc: CorpusDocument, terms: readonly string[]): number {
  const { title, path, tags, excerpt, searchable } = fieldsOf(doc);
  let score = 0;
  for (const term of terms) {
    if (title.includes(term)) score += WEIGHTS.title;
    if (path.includes(term)) score += WEIGHTS.path;
    if (tags.some((t) => t.includes(term))) score += WEIGHTS.tag;
    if (excerpt.includes(term)) score += WEIGHTS.excerpt;
    if (searchable.includes(term)) score += WEIGHTS.anywhere;
  }
  if (text(doc.frontmatter.authority_band) === "governing") score += WEIGHTS.governing;
  if (text(doc.frontmatter.intent) === "promoted") score += WEIGHTS.promoted;
  return score;
}

/** The first document whose path names the definition of done. */
export function legacyDefinitionOfDone(docs: readonly CorpusDocument[]): CorpusDocument | undefined {
  return docs.find((d) => d.path.toLowerCase().includes("definition-of-done"));
}

/** Documents the legacy preflight lists as constraints: path contains "constraint", or `authority_band: governing`. */
export function isLegacyConstraint(doc: CorpusDocument): boolean {
  return doc.path.includes("constraint") || text(doc.frontmatter.authority_band) === "governing";
}

export function legacyPreflightResult(
  docs: readonly CorpusDocument[],
  input: string,
  options: { readonly result_grouping?: "merged" | "overlay_first" | "grouped" } = {},
): LegacyPreflightResult {
  const topic = input.replace(/^preflight:\s*/i, "").trim();
  const terms = topicTerms(topic);
  const scored = docs
    .map((doc, i) => ({ doc, i, score: keywordScore(doc, terms) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, CANDIDATES);
  const startHere = scored.slice(0, START_HERE).map((s) => s.doc.path);
  const result: LegacyPreflightResult = {
    topic,
    start_here: startHere,
    dod: legacyDefinitionOfDone(docs)?.path,
    constraints: docs
      .filter(isLegacyConstraint)
      .slice(0, CONSTRAINTS)
      .map((d) => d.path),
    docs_available: docs.length,
  };
  if (result.dod === undefined) delete result.dod;
  if (options.result_grouping === "grouped") {
    result.start_here_overlay = [];
    result.start_here_baseline = startHere;
  }
  return result;
}

export function legacyPreflightText(docs: readonly CorpusDocument[], result: LegacyPreflightResult): string {
  const title = (path: string) => {
    const doc = docs.find((d) => d.path === path);
    return doc ? legacyTitle(doc) : path;
  };
  return [
    `Preflight: ${result.topic}`,
    "",
    "Start here:",
    ...result.start_here.map((p) => `- \`${p}\` — ${title(p)}`),
    "",
    "Definition of Done:",
    result.dod ? `- \`${result.dod}\`` : "- Check canon/definition-of-done.md",
    "",
    "Constraints:",
    ...result.constraints.map((p) => `- \`${p}\` — ${title(p)}`),
    "",
    "Before claiming done:",
    "- Provide visual proof for UI changes",
    "- Include test output for logic changes",
    "- Reference any decisions made",
  ]
    .join("\n")
    .trim();
}
