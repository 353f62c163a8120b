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

function plainOf(doc: CorpusDocument, body: string): { text: string; lower: string } {
  let cached = plainCache.get(doc);
  if (!cached) {
    const text = plainText(body);
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
  const cached = plainCache.get(doc);
  // Read once: a document of a large corpus reads its file on each access (corpus/on-disk.ts).
  const body = cached ? "" : doc.body;
  if (!cached && body.length > SNIPPET_FULL_TEXT_MAX_CHARS) return largeDocumentSnippet(doc, body, terms);
  const { text, lower } = cached ?? plainOf(doc, body);
  if (text === "") return doc.title.slice(0, SNIPPET_MAX_LENGTH);
  let first = -1;
  for (const term of terms) {
    const at = wordStart(lower, term.toLowerCase());
    if (at >= 0 && (first === -1 || at < first)) first = at;
  }
  return windowAt(text, Math.max(first, 0));
}

/**
 * Bodies longer than this are never turned into plain text whole: a 50 MB
 * document made the first search that hit it take 8 s (regex passes over
 * the whole body). Their snippet comes from a window of the raw body around
 * the first matched term, found in one pass, so a hit costs one scan of the
 * body and plain-text work on a few kilobytes only.
 */
export const SNIPPET_FULL_TEXT_MAX_CHARS = 256 * 1024;
/** Raw characters kept around the match in a large document before plain-texting the window. */
const RAW_WINDOW = 4 * SNIPPET_MAX_LENGTH;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function largeDocumentSnippet(doc: CorpusDocument, body: string, terms: readonly string[]): string {
  const wanted = terms.filter((t) => t.length > 0);
  let at = -1;
  if (wanted.length > 0) {
    // One scan for the earliest term at the start of a word (the same rule as wordStart).
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${wanted.map(escapeRegExp).join("|")})`, "iu");
    at = pattern.exec(body)?.index ?? -1;
  }
  const start = Math.max(0, at - RAW_WINDOW);
  const raw = body.slice(start, Math.max(at, 0) + 2 * RAW_WINDOW);
  const text = plainText(raw);
  if (text === "") return doc.title.slice(0, SNIPPET_MAX_LENGTH);
  const lower = text.toLowerCase();
  let first = -1;
  for (const term of wanted) {
    const found = wordStart(lower, term.toLowerCase());
    if (found >= 0 && (first === -1 || found < first)) first = found;
  }
  return windowAt(text, Math.max(first, 0));
}
