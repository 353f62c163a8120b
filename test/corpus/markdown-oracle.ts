/**
 * The markdown structure reader as it was before it stopped splitting the body
 * into line strings (src/corpus/markdown.ts at 4381bf9, kept verbatim below the
 * header): test/corpus/markdown.test.ts holds the current reader equal to it.
 */

export interface MarkdownStructure {
  /** Text of the first `# ` heading (closing `#`s stripped), or null. */
  readonly h1: string | null;
  /** The blockquote paragraph directly under the H1, lines joined with a space; null when absent. */
  readonly blockquote: string | null;
  /** Body of the first `## Summary` section up to the next heading of level ≤ 2; null when absent or empty. */
  readonly summary: string | null;
}

interface Line {
  readonly text: string;
  readonly inFence: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const H1 = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const HEADING_LEVEL_1_OR_2 = /^ {0,3}#{1,2}(?:[ \t]|$)/;
/** `## Summary`, `## Summary — The short version`, `## Summary: …` (not `## Summaryish`). */
const SUMMARY_HEADING = /^ {0,3}##[ \t]+summary(?![\p{L}\p{N}_])/iu;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;

/** Mark each line as inside or outside a fenced code block (fence lines count as inside). */
function scanLines(body: string): Line[] {
  const lines: Line[] = [];
  let fence: string | null = null;
  for (const text of body.split("\n")) {
    const open = FENCE.exec(text);
    if (fence === null && open) {
      fence = open[1]!;
      lines.push({ text, inFence: true });
    } else if (fence !== null) {
      const close = FENCE.exec(text);
      if (
        close &&
        close[1]![0] === fence[0] &&
        close[1]!.length >= fence.length &&
        text.trim() === close[1]
      ) {
        fence = null;
      }
      lines.push({ text, inFence: true });
    } else {
      lines.push({ text, inFence: false });
    }
  }
  return lines;
}

export function readStructure(body: string): MarkdownStructure {
  const lines = scanLines(body);
  const h1Index = lines.findIndex((l) => !l.inFence && H1.test(l.text));
  const h1 = h1Index === -1 ? null : H1.exec(lines[h1Index]!.text)![1]!.trim() || null;
  return {
    h1,
    blockquote: h1Index === -1 ? null : blockquoteAfter(lines, h1Index),
    summary: summarySection(lines),
  };
}

function blockquoteAfter(lines: Line[], h1Index: number): string | null {
  let i = h1Index + 1;
  while (i < lines.length && lines[i]!.text.trim() === "") i++;
  const parts: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const quote = line.inFence ? null : QUOTE.exec(line.text);
    if (!quote) break;
    const content = quote[1]!.trim();
    if (content === "") break; // a bare `>` ends the first paragraph of the quote
    parts.push(content);
  }
  return parts.length > 0 ? parts.join(" ") : null;
}

function summarySection(lines: Line[]): string | null {
  const start = lines.findIndex((l) => !l.inFence && SUMMARY_HEADING.test(l.text));
  if (start === -1) return null;
  const section: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.inFence && HEADING_LEVEL_1_OR_2.test(line.text)) break;
    section.push(line.text);
  }
  const text = section.join("\n").trim();
  return text === "" ? null : text;
}
