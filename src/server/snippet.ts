/**
 * The search `snippet`: why a document matched — a window of its text
 * around the first occurrence of a matched term, at most 200 characters.
 */
import { LRUCache } from "lru-cache";
import type { CorpusDocument } from "../corpus/types.js";
import { type PlainPrefix, plainPrefix, plainText } from "./snippet-prefix.js";

export { plainText };

export const SNIPPET_MAX_LENGTH = 200;
/** Characters of context kept before the first match. */
const LEAD = 60;
const ELLIPSIS = "…";

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Plain text of recently snippeted documents (a search page asks for the same few again and
 * again): the start of it that their snippets needed so far, or all of it.
 */
const plainCache = new LRUCache<CorpusDocument, PlainPrefix>({ max: 2048 });
/**
 * Body characters turned into plain text first for a snippet: this many past the first place a
 * term occurs as written (a guess at where the first match of the plain text lies: markup only
 * removes characters, and the window needs SNIPPET_MAX_LENGTH after it), at least MIN_PREFIX;
 * twice as many each time that does not tell.
 */
const PREFIX_PAST_GUESS = 4 * SNIPPET_MAX_LENGTH;
const MIN_PREFIX = 1024;

/** Where to cut the body first for `terms`' snippet (only a guess: snippetWithin checks). */
function firstCut(body: string, terms: readonly string[]): number {
  let guess = -1;
  for (const term of terms) {
    const at = term === "" ? -1 : body.indexOf(term);
    if (at >= 0 && (guess === -1 || at < guess)) guess = at;
  }
  return Math.max(MIN_PREFIX, guess + PREFIX_PAST_GUESS);
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
 * The snippet of `plain` (the start of the body's plain text, or all of it), or null when
 * that start cannot tell: no term matched in it, a term may match across its end before the
 * first match, or the window would reach its end.
 */
function snippetOf(doc: CorpusDocument, plain: PlainPrefix, terms: readonly string[]): string | null {
  const { text, lower } = plain;
  if (plain.complete && text === "") return doc.title.slice(0, SNIPPET_MAX_LENGTH);
  let first = -1;
  let longest = 0;
  for (const term of terms) {
    const wanted = term.toLowerCase();
    longest = Math.max(longest, wanted.length);
    const at = wordStart(lower, wanted);
    if (at >= 0 && (first === -1 || at < first)) first = at;
  }
  if (plain.complete) return windowAt(text, Math.max(first, 0));
  // A term not found here may still start before the end of `lower` and run past it.
  if (first < 0 || first + longest > lower.length) return null;
  // windowAt reads the text up to first + SNIPPET_MAX_LENGTH and asks whether it goes on.
  if (text.length <= first + SNIPPET_MAX_LENGTH + 1) return null;
  return windowAt(text, first);
}

/**
 * The snippet of a hit: the body around the first matched term; when the
 * terms matched only the title or tags, the start of the body (or the title
 * for an empty document). Only as much of the body as the snippet needs is
 * turned into plain text (snippet-prefix.ts): the same snippet as from the
 * whole body's plain text.
 */
export function querySnippet(doc: CorpusDocument, terms: readonly string[]): string {
  const cached = plainCache.get(doc);
  if (cached) {
    const snippet = snippetOf(doc, cached, terms);
    if (snippet !== null) return snippet;
  }
  // Read once: a document of a large corpus reads its file on each access (corpus/on-disk.ts).
  const body = doc.body;
  if (body.length > SNIPPET_FULL_TEXT_MAX_CHARS) return largeDocumentSnippet(doc, body, terms);
  const from = cached ? Math.max(2 * cached.from, firstCut(body, terms)) : firstCut(body, terms);
  const { snippet, plain } = snippetWithin(doc, body, terms, from);
  plainCache.set(doc, plain);
  return snippet;
}

/**
 * The snippet of `body` (the document's, at most SNIPPET_FULL_TEXT_MAX_CHARS long) from the
 * plain text of its first `from` characters, more when that cannot tell; and that plain text.
 */
export function snippetWithin(
  doc: CorpusDocument,
  body: string,
  terms: readonly string[],
  from: number,
): { snippet: string; plain: PlainPrefix } {
  for (let atLeast = from; ; ) {
    const plain = plainPrefix(body, atLeast);
    const snippet = snippetOf(doc, plain, terms);
    // A complete plain text always tells (snippetOf), so this ends by the body's end.
    if (snippet !== null) return { snippet, plain };
    atLeast = 2 * plain.from;
  }
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
