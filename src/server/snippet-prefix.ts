/**
 * The start of a body's plain text (snippet.ts `plainText`) computed from a
 * prefix of the body only, exactly: a search hit's snippet sits around the
 * first matched term, usually in the first kilobytes, and turning a whole
 * 14 KB body into plain text for it (six regex passes, each copying the body)
 * was most of what a search page cost once the ranking was pruned.
 *
 * The body is cut right after a newline, where no pass's match crosses in a
 * way that changes the text before the cut. Then the plain text of the part
 * before the cut, trimmed, is the start of the whole body's plain text, and
 * the whole goes on with a space (or ends there). Why, pass by pass:
 * - code fences (```…```, lazy, any characters) pair left to right (an
 *   opening ``` closes at the next ```), so scanning the pairs from the start
 *   with indexOf tells whether one spans the cut; the cut moves past it;
 * - links (`!?[text](target)`): a match attempt reads to the first `]`,
 *   needs `(` right after it, then reads to the first `)`; one that reaches
 *   the cut without failing may end past it in the whole body and start
 *   there instead of the matches found before the cut, so the cut is refused
 *   when a `[` follows the last `]`, or a `](` the last `)`, before it;
 * - headings (`^#{1,6}\s.*$`, multiline): `.` stops at a line end, so only
 *   a line of one to six `#`s right before the cut can take the newline (its
 *   `\s`) and, in the whole body, the line after; either way the match
 *   becomes a space that ends the part, so the text before it is the same;
 * - quotes (`^>\s?`): a match ends at the newline at most, never past it;
 * - emphasis characters are removed one by one (any split is the same);
 * - the part ends in whitespace (the newline, or the heading's space; a
 *   quote that takes the last newline leaves the one before it, or nothing),
 *   so its runs of whitespace collapsed and trimmed are the start of the
 *   whole's, which continues with one space.
 * Lower-casing a prefix that ends before a space gives the prefix of the
 * lower-cased whole (the one context-dependent mapping, a final sigma, looks
 * no further than the next letter, and a space ends that look).
 * test/server/snippet-prefix.test.ts holds the snippets equal to the
 * whole-body computation on generated markdown and on the sample corpus.
 */

/** The passes of `plainText`, in order (snippet.ts runs them on a whole body). */
export const PLAIN_PASSES: readonly (readonly [RegExp, string])[] = [
  [/```[\s\S]*?```/g, " "],
  [/!?\[([^\]]*)\]\([^)]*\)/g, "$1"],
  [/^#{1,6}\s.*$/gm, " "],
  [/^>\s?/gm, ""],
  [/[*_`]+/g, ""],
];

/** Markdown body as one line of prose: no headings (the title repeats there), emphasis, link targets or extra spaces. */
export function plainText(markdown: string): string {
  let text = markdown;
  for (const [pattern, replacement] of PLAIN_PASSES) text = text.replace(pattern, replacement);
  return collapseSpaces(text).trim();
}

/**
 * Every run of whitespace as one space, as `.replace(/\s+/g, " ")` does, without replacing
 * the single spaces that are most of them by a space again.
 */
function collapseSpaces(text: string): string {
  return text.replace(/[^\S ]\s*| \s+/g, " ");
}

/** The start of a body's plain text, lower-cased beside it. */
export interface PlainPrefix {
  /** `plainText(body)` when `complete`, else a non-empty prefix of it followed there by a space. */
  readonly text: string;
  readonly lower: string;
  readonly complete: boolean;
  /** How many characters of the body it was computed from. */
  readonly from: number;
}

export function completePlain(body: string): PlainPrefix {
  const text = plainText(body);
  return { text, lower: text.toLowerCase(), complete: true, from: body.length };
}

/**
 * The plain text of at least the first `atLeast` characters of `body` (more
 * when the first cuts after them are not safe), or of all of it.
 */
export function plainPrefix(body: string, atLeast: number): PlainPrefix {
  let want = atLeast;
  while (want < body.length) {
    const cut = body.indexOf("\n", Math.max(want, 1) - 1) + 1;
    if (cut === 0 || cut >= body.length) break;
    const fenceEnd = fenceAcross(body, cut);
    if (fenceEnd >= 0) {
      want = fenceEnd + 1;
      continue;
    }
    const text = prefixText(body.slice(0, cut));
    if (text !== null && text !== "") {
      return { text, lower: text.toLowerCase(), complete: false, from: cut };
    }
    want = cut + (cut >> 1) + 1;
  }
  return completePlain(body);
}

/** The end of the code fence that spans `cut`, or -1 when none does. */
function fenceAcross(body: string, cut: number): number {
  for (let from = 0; ; ) {
    const open = body.indexOf("```", from);
    if (open < 0 || open >= cut) return -1;
    const close = body.indexOf("```", open + 3);
    // An opening ``` with no closing one after it is no match, and neither is any later one.
    if (close < 0) return -1;
    if (close + 3 > cut) return close + 3;
    from = close + 3;
  }
}

/** The stable plain text of `part` (a body cut right after a newline), or null when a link may cross the cut. */
function prefixText(part: string): string | null {
  let text = part.replace(PLAIN_PASSES[0]![0], PLAIN_PASSES[0]![1]);
  if (linkMayCross(text)) return null;
  for (let pass = 1; pass < PLAIN_PASSES.length; pass++) {
    text = text.replace(PLAIN_PASSES[pass]![0], PLAIN_PASSES[pass]![1]);
  }
  return collapseSpaces(text).trim();
}

/** Could a link match attempted before the end of `text` run past it (see the header)? */
function linkMayCross(text: string): boolean {
  if (text.indexOf("[", text.lastIndexOf("]") + 1) >= 0) return true;
  return text.indexOf("](", text.lastIndexOf(")") + 1) >= 0;
}
