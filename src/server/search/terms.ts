/**
 * How text becomes index terms, and how each field of a document is read.
 * These are the rules the ranking was first defined with (minisearch's
 * default tokenizer, lower-casing, a stop-word list): scores and orders stay
 * exactly what they were when the index moved to compact postings.
 */
import type { CorpusDocument } from "../../corpus/types.js";

/** One Unicode space, line end or punctuation character: a run of them splits terms (minisearch's default tokenizer). */
const SEPARATOR = /^[\n\r\p{Z}\p{P}]$/u;

/**
 * SEPARATOR decided once per BMP code unit: the tokenizer reads a table
 * instead of running a Unicode-property regex over every document (the
 * largest cost of indexing). Surrogates are decided per pair as they come.
 */
const BMP_SEPARATORS = (() => {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (SEPARATOR.test(String.fromCharCode(c))) table[c] = 1;
  }
  return table;
})();

/** A high surrogate at `i` followed by a low one: one astral code point. */
function isPairAt(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  const low = text.charCodeAt(i + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/** Length (0, 1 or 2 code units) of the separator at `i`; a lone surrogate is part of its token. */
function separatorAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c > 0xdfff) return BMP_SEPARATORS[c]!;
  if (!isPairAt(text, i)) return 0;
  return SEPARATOR.test(text.slice(i, i + 2)) ? 2 : 0;
}

/**
 * Words too common to say why a document matched: without them, a query like
 * "cache the catalog" would match every document containing "the".
 */
const STOP_WORDS = new Set(
  "a an and are as at be but by for from has have in into is it its of on or that the their then there these this to was were will with".split(
    " ",
  ),
);

/** The fields ranked, in scoring order, with their weights: a title or heading match says more than one deep in the body. */
export const FIELDS = ["title", "headings", "body", "tags"] as const;
export const FIELD_BOOSTS: readonly number[] = [3, 2, 1, 2];

/**
 * Raw tokens of a field's text: exactly `text.split(/[\n\r\p{Z}\p{P}]+/u)`,
 * empty leading and trailing tokens included (the field-length rule counts them).
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const end = text.length;
  while (i < end) {
    const c = text.charCodeAt(i);
    // Most code units are BMP non-surrogates that separate nothing: one table read each.
    if (c < 0xd800 || c > 0xdfff) {
      if (BMP_SEPARATORS[c] === 0) {
        i++;
        continue;
      }
    } else if (separatorAt(text, i) === 0) {
      i += isPairAt(text, i) ? 2 : 1;
      continue;
    }
    let width = separatorAt(text, i);
    out.push(text.slice(start, i));
    while (width > 0) {
      i += width;
      width = i < text.length ? separatorAt(text, i) : 0;
    }
    start = i;
  }
  out.push(text.slice(start));
  return out;
}

/** A raw token → its index term, or null for a stop word or an empty token. */
export function processTerm(token: string): string | null {
  const lower = token.toLowerCase();
  return lower === "" || STOP_WORDS.has(lower) ? null : lower;
}

/** The index terms of a query, in query order (duplicates kept: each counts in the score). */
export function queryTerms(query: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(query)) {
    const term = processTerm(token);
    if (term !== null) out.push(term);
  }
  return out;
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

/** The text of each field of a document, in FIELDS order. */
export function fieldTexts(doc: CorpusDocument): [string, string, string, string] {
  const body = doc.body;
  return [doc.title, headingsOf(body), body, tagsOf(doc)];
}
