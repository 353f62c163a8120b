/**
 * The search `snippet`: why a document matched — a window of its text
 * around the first occurrence of a matched term, at most 200 characters.
 */
import { LRUCache } from "lru-cache";
import type { CorpusDocument } from "../corpus/types.js";

export const SNIPPET_MAX_LENGTH = 200;
/** Characters of context kept before the first match. */
const LEAD = 60;
const ELLIPSIS = "…";

/** Markdown body as one line of prose: no headings (the title repeats there), emphasis, link targets or extra spaces. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s.*$/gm, " ")
    .replace(/^>\s?/gm, "")
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Plain text of recently snippeted documents (a search page asks for the same few again and again). */
const plainCache = new LRUCache<CorpusDocument, { text: string; lower: string }>({ max: 2048 });

function plainOf(doc: CorpusDocument): { text: string; lower: string } {
  let cached = plainCache.get(doc);
  if (!cached) {
    const text = plainText(doc.body);
    cached = { text, lower: text.toLowerCase() };
    plainCache.set(doc, cached);
  }
  return cached;
}

/** First occurrence of `term` at the start of a word, or -1. */
function wordStart(lower: string, term: string): number {
  let at = lower.indexOf(term);
  while (at > 0 && WORD_CHAR.test(lower[at - 1]!)) at = lower.indexOf(term, at + 1);
  return at;
}

/** Cut `text` to a window of at most SNIPPET_MAX_LENGTH characters starting near `at`, on word boundaries. */
function windowAt(text: string, at: number): string {
  if (text.length <= SNIPPET_MAX_LENGTH) return text;
  let start = Math.max(0, at - LEAD);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  const prefix = start > 0 ? ELLIPSIS : "";
  let end = start + SNIPPET_MAX_LENGTH - prefix.length;
  let suffix = "";
  if (end < text.length) {
    end -= ELLIPSIS.length;
    const space = text.lastIndexOf(" ", end);
    if (space > at) end = space;
    suffix = ELLIPSIS;
  }
  return prefix + text.slice(start, end).trimEnd() + suffix;
}

/**
 * The snippet of a hit: the body around the first matched term; when the
 * terms matched only the title or tags, the start of the body (or the title
 * for an empty document).
 */
export function querySnippet(doc: CorpusDocument, terms: readonly string[]): string {
  const { text, lower } = plainOf(doc);
  if (text === "") return doc.title.slice(0, SNIPPET_MAX_LENGTH);
  let first = -1;
  for (const term of terms) {
    const at = wordStart(lower, term.toLowerCase());
    if (at >= 0 && (first === -1 || at < first)) first = at;
  }
  return windowAt(text, Math.max(first, 0));
}
