/**
 * The line-based markdown structure the index needs: the first H1, the `>`
 * paragraph directly under it, and the `## Summary` section. Lines inside
 * fenced code blocks are never read as headings or quotes.
 *
 * The body is walked by line offsets, not split into line strings: a line is
 * sliced (and its regex run) only when its first character after up to three
 * spaces can begin a fence, a heading or a quote (`` ` `` `~` `#` `>`), which
 * every pattern below requires. A cold load reads every document of a corpus
 * here, and a string and an object per line were a sixth of its garbage.
 * test/corpus/markdown.test.ts holds the result equal to the line-splitting
 * reader it replaced.
 */
import { resized } from "../typed-arrays.js";

export interface MarkdownStructure {
  /** Text of the first `# ` heading (closing `#`s stripped), or null. */
  readonly h1: string | null;
  /** The blockquote paragraph directly under the H1, lines joined with a space; null when absent. */
  readonly blockquote: string | null;
  /** Body of the first `## Summary` section up to the next heading of level ≤ 2; null when absent or empty. */
  readonly summary: string | null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const H1 = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const HEADING_LEVEL_1_OR_2 = /^ {0,3}#{1,2}(?:[ \t]|$)/;
/** `## Summary`, `## Summary — The short version`, `## Summary: …` (not `## Summaryish`). */
const SUMMARY_HEADING = /^ {0,3}##[ \t]+summary(?![\p{L}\p{N}_])/iu;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;

const BACKTICK = 0x60;
const TILDE = 0x7e;
const HASH = 0x23;
const GREATER = 0x3e;

/**
 * The body's lines as offsets: line i is `body.slice(start(i), end(i))`, its lead (the code unit
 * after at most three spaces, -1 when the line ends first) and whether it is inside a fenced code
 * block (fence lines count as inside). The arrays are reused from body to body (a reader's result
 * never holds them).
 */
class Lines {
  count = 0;
  /** starts[i]: where line i begins; starts[count] = body.length + 1 (so line i ends at starts[i + 1] - 1). */
  starts = new Uint32Array(256);
  leads = new Int32Array(256);
  inFence = new Uint8Array(256);
  body = "";

  read(body: string): void {
    this.body = body;
    this.count = 0;
    let fence: string | null = null;
    let from = 0;
    for (;;) {
      const newline = body.indexOf("\n", from);
      const end = newline === -1 ? body.length : newline;
      let at = from;
      while (at < end && at - from < 3 && body.charCodeAt(at) === 0x20) at++;
      const lead = at < end ? body.charCodeAt(at) : -1;
      const maybeFence = lead === BACKTICK || lead === TILDE;
      let inFence = fence !== null;
      if (fence === null) {
        const open = maybeFence ? FENCE.exec(body.slice(from, end)) : null;
        if (open) {
          fence = open[1]!;
          inFence = true;
        }
      } else if (maybeFence) {
        const text = body.slice(from, end);
        const close = FENCE.exec(text);
        if (
          close &&
          close[1]![0] === fence[0] &&
          close[1]!.length >= fence.length &&
          text.trim() === close[1]
        ) {
          fence = null;
        }
      }
      this.#push(from, lead, inFence);
      if (newline === -1) break;
      from = newline + 1;
    }
    this.#room(this.count + 1);
    this.starts[this.count] = body.length + 1;
  }

  text(i: number): string {
    return this.body.slice(this.starts[i]!, this.starts[i + 1]! - 1);
  }

  /** Is line i, outside fences, led by `lead` and matched by `pattern`? */
  is(i: number, lead: number, pattern: RegExp): boolean {
    return this.inFence[i] === 0 && this.leads[i] === lead && pattern.test(this.text(i));
  }

  #push(start: number, lead: number, inFence: boolean): void {
    this.#room(this.count + 1);
    this.starts[this.count] = start;
    this.leads[this.count] = lead;
    this.inFence[this.count] = inFence ? 1 : 0;
    this.count++;
  }

  #room(length: number): void {
    if (length <= this.starts.length) return;
    const size = Math.max(length, this.starts.length * 2);
    this.starts = resized(this.starts, size);
    this.leads = resized(this.leads, size);
    this.inFence = resized(this.inFence, size);
  }
}

const lines = new Lines();

export function readStructure(body: string): MarkdownStructure {
  lines.read(body);
  try {
    let h1Index = -1;
    for (let i = 0; i < lines.count && h1Index === -1; i++) if (lines.is(i, HASH, H1)) h1Index = i;
    const h1 = h1Index === -1 ? null : H1.exec(lines.text(h1Index))![1]!.trim() || null;
    return {
      h1,
      blockquote: h1Index === -1 ? null : blockquoteAfter(h1Index),
      summary: summarySection(),
    };
  } finally {
    lines.body = ""; // the reused offsets must not keep the text alive
  }
}

function blockquoteAfter(h1Index: number): string | null {
  let i = h1Index + 1;
  while (i < lines.count && lines.text(i).trim() === "") i++;
  const parts: string[] = [];
  for (; i < lines.count; i++) {
    const quote = lines.inFence[i] === 0 && lines.leads[i] === GREATER ? QUOTE.exec(lines.text(i)) : null;
    if (!quote) break;
    const content = quote[1]!.trim();
    if (content === "") break; // a bare `>` ends the first paragraph of the quote
    parts.push(content);
  }
  return parts.length > 0 ? parts.join(" ") : null;
}

function summarySection(): string | null {
  let start = -1;
  for (let i = 0; i < lines.count && start === -1; i++) if (lines.is(i, HASH, SUMMARY_HEADING)) start = i;
  if (start === -1) return null;
  let end = start + 1;
  while (end < lines.count && !lines.is(end, HASH, HEADING_LEVEL_1_OR_2)) end++;
  // Lines start + 1 … end - 1, joined by their line ends: the body between them.
  if (end === start + 1) return null;
  const text = lines.body.slice(lines.starts[start + 1]!, lines.starts[end]! - 1).trim();
  return text === "" ? null : text;
}
