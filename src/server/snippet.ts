/**
 * The search `snippet`: why a document matched — a window of its text
 * around the first occurrence of a matched term, at most 200 characters.
 */
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
  const text = plainText(doc.body);
  if (text === "") return doc.title.slice(0, SNIPPET_MAX_LENGTH);
  let first = -1;
  for (const term of terms) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}`, "iu").exec(text);
    if (match && (first === -1 || match.index < first)) first = match.index;
  }
  return windowAt(text, Math.max(first, 0));
}
