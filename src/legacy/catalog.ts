/**
 * The 0.28.x catalog result: document counts, the global tag rollup, a
 * start-here list, and (only with `sort_by`) every article with its whole
 * frontmatter — the 112K-token call the contract replaces.
 */
import type { CorpusDocument } from "../corpus/types.js";
import { legacyTags, legacyTitle } from "./text.js";

export const LEGACY_CATALOG_DEFAULT_LIMIT = 10;
export const LEGACY_CATALOG_MAX_LIMIT = 500;
/** Tag bucket of documents without tags (it shows up in `categories`). */
export const LEGACY_UNTAGGED_CATEGORY = "other";
const START_HERE_COUNT = 3;

export interface LegacyCatalogOptions {
  readonly sort_by?: "date" | "path";
  readonly limit?: number;
  readonly offset?: number;
  readonly filter_epoch?: string;
}

export interface LegacyArticle {
  path: string;
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

export interface LegacyCatalogResult {
  total: number;
  canon: number;
  baseline: number;
  baseline_total: number;
  categories: string[];
  start_here: string[];
  articles?: LegacyArticle[];
  pagination?: { offset: number; limit: number; total_candidates: number; has_more: boolean };
}

/** What a path holds for the legacy index to list its document as "start here". */
export const LEGACY_START_HERE_PATH_NAMES = ["QUICKSTART", "README"] as const;

/** Documents the legacy index lists as "start here": QUICKSTART/README paths or "getting started" titles. */
export function legacyStartHere(docs: readonly CorpusDocument[]): CorpusDocument[] {
  return docs
    .filter(
      (d) =>
        LEGACY_START_HERE_PATH_NAMES.some((name) => d.path.includes(name)) ||
        legacyTitle(d).toLowerCase().includes("getting started"),
    )
    .slice(0, START_HERE_COUNT);
}

/** Every tag seen, in first-seen order (documents without tags count under "other"). */
export function legacyCategories<D extends Pick<CorpusDocument, "frontmatter">>(
  docs: readonly D[],
): Map<string, D[]> {
  const byTag = new Map<string, D[]>();
  for (const doc of docs) {
    for (const tag of legacyTags(doc) ?? [LEGACY_UNTAGGED_CATEGORY]) {
      const list = byTag.get(tag);
      if (list) list.push(doc);
      else byTag.set(tag, [doc]);
    }
  }
  return byTag;
}

function hasFrontmatter(doc: CorpusDocument): boolean {
  return Object.keys(doc.frontmatter).length > 0;
}

/** The frontmatter `date` compared as the legacy server does: as text, missing last. */
function dateText(doc: CorpusDocument): string {
  const date = doc.frontmatter.date;
  if (date === undefined || date === null) return "";
  return date instanceof Date ? date.toISOString() : String(date);
}

/** Alphabetical as the 0.28.x server sorts (locale order, so `README.md` sits among lower-case names). */
export function legacyPathOrder(a: Pick<CorpusDocument, "path">, b: Pick<CorpusDocument, "path">): number {
  return a.path.localeCompare(b.path, "en-US");
}

function newestFirst(a: CorpusDocument, b: CorpusDocument): number {
  const da = dateText(a);
  const db = dateText(b);
  if (db && !da) return 1;
  if (da && !db) return -1;
  return db < da ? -1 : db > da ? 1 : 0;
}

/** One catalog article: path, URI, title and the whole frontmatter. */
function legacyArticle(doc: CorpusDocument): LegacyArticle {
  return { path: doc.path, uri: doc.uri, title: legacyTitle(doc), metadata: { ...doc.frontmatter } };
}

/** Clamp as the legacy server does: limit 1..500 (default 10), offset ≥ 0. */
export function legacyPage(limit: number | undefined, offset: number | undefined) {
  return {
    limit: Math.min(Math.max(limit || LEGACY_CATALOG_DEFAULT_LIMIT, 1), LEGACY_CATALOG_MAX_LIMIT),
    offset: Math.max(offset || 0, 0),
  };
}

/**
 * The legacy catalog over an index of documents (the served corpus, all
 * from the single baseline knowledge base, so `canon` — the overlay count — is 0).
 */
export function legacyCatalogResult(
  docs: readonly CorpusDocument[],
  options: LegacyCatalogOptions = {},
): LegacyCatalogResult {
  const result: LegacyCatalogResult = {
    total: docs.length,
    canon: 0,
    baseline: docs.length,
    baseline_total: docs.length,
    categories: [...legacyCategories(docs).keys()],
    start_here: legacyStartHere(docs).map((d) => d.path),
  };
  if (options.sort_by !== "date" && options.sort_by !== "path") return result;
  const { limit, offset } = legacyPage(options.limit, options.offset);
  let candidates = options.sort_by === "date" ? docs.filter(hasFrontmatter) : [...docs];
  if (options.filter_epoch) {
    candidates = candidates.filter(
      (d) => hasFrontmatter(d) && String(d.frontmatter.epoch) === options.filter_epoch,
    );
  }
  candidates.sort(options.sort_by === "date" ? newestFirst : legacyPathOrder);
  result.articles = candidates.slice(offset, offset + limit).map(legacyArticle);
  result.pagination = {
    offset,
    limit,
    total_candidates: candidates.length,
    has_more: offset + limit < candidates.length,
  };
  return result;
}

/** The legacy catalog's assistant text (counts, start here, top categories, listed articles). */
export function legacyCatalogText(
  docs: readonly CorpusDocument[],
  result: LegacyCatalogResult,
  options: LegacyCatalogOptions = {},
): string {
  const top = [...legacyCategories(docs).entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 5);
  const dod = docs.find((d) => d.path.toLowerCase().includes("definition-of-done"));
  const lines = [
    "ODD Documentation Catalog",
    "",
    `Total: ${result.total} docs (${result.canon} canon, ${result.baseline} baseline)`,
    "",
    "Start here:",
    ...legacyStartHere(docs).map((d) => `- \`${d.path}\` — ${legacyTitle(d)}`),
    dod ? `\nDefinition of Done: \`${dod.path}\`` : "",
    "",
    "Top categories:",
    ...top.map(
      ([tag, list]) =>
        `- ${tag} (${list.length}): ${list
          .slice(0, 2)
          .map((d) => legacyTitle(d))
          .join(", ")}`,
    ),
  ];
  if (result.articles && result.articles.length > 0) {
    lines.push(
      "",
      `${options.sort_by === "path" ? "All documents" : "Recent articles"}${options.filter_epoch ? ` (${options.filter_epoch})` : ""}:`,
      ...result.articles.map(
        (a) => `- \`${a.path}\` — ${a.title || "Untitled"} (${String(a.metadata.date ?? "no date")})`,
      ),
    );
  }
  return lines.filter(Boolean).join("\n").trim();
}
