/**
 * One marker per call site: the legacy reads of a call are listed in the
 * marker the engine puts above the call (or, in a file that holds only reads
 * of a call made elsewhere, above that file's first one), not marked one by
 * one. The marker is a `TODO(oddkit-migrate)` line saying what blocks the
 * call, then one comment line per waiting read with its own reason and the
 * decision that would lift it:
 *
 *   // TODO(oddkit-migrate): kept on the legacy envelope … drop the opt-in
 *   //   reads waiting with it:
 *   //   - entry.path: … waits on the `paths` decision (recommended: uri) …
 *
 * Detection reads it back: a read whose `what` the marker of its call's
 * anchor lists counts as marked, so a second run adds nothing.
 */
import { ALSO_PREFIX, TODO_TAG } from "../../lib/todo.js";

/** What an anchor and a listed read need of a site. */
export interface MarkableSite {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly kind: "call" | "read" | "escape";
  readonly what: string;
  readonly call: number;
  readonly statementLine: number;
}

export const READS_HEADING = "reads waiting with it:";

/** A read's reason on a call kept on the legacy envelope starts by saying so: the call's line says it once. */
const WINDOW_READ = /^reads the legacy envelope kept by the \S+ call for the cutover: /;

/** The line a listed read takes in its call's marker (without the comment opener and indent). */
export function listedRead(what: string, line: number, reason: string): string {
  return `${listedPrefix(what)}${line}): ${reason}`;
}

/** What a listed read's line starts with, whatever line it names (the code may have moved since). */
function listedPrefix(what: string): string {
  return `- ${what} (line `;
}

/**
 * The site of `call` in `file` that carries its marker: the call itself when it is in the file,
 * else the call's first site there.
 */
export function anchorOf<S extends MarkableSite>(
  sites: readonly S[],
  file: string,
  call: number,
): S | undefined {
  let first: S | undefined;
  for (const s of sites) {
    if (s.file !== file || s.call !== call) continue;
    if (s.kind === "call") return s;
    if (!first || s.line < first.line || (s.line === first.line && s.column < first.column)) first = s;
  }
  return first;
}

/** The comment text a marker of a site at `statementLine`/`siteLine` is read from (markerAt's lines). */
export function markerComments(lines: readonly string[], statementLine: number, siteLine: number): string[] {
  const found: string[] = [];
  for (let i = statementLine - 1; i <= siteLine - 1 && i < lines.length; i++) {
    const line = lines[i] ?? "";
    // Inside the statement only comments count (a string mentioning the tag is not a marker).
    const comment =
      line.indexOf("//") >= 0 ? line.slice(line.indexOf("//")) : /^\s*(\/\*|\*)/.test(line) ? line : "";
    if (comment) found.push(comment);
  }
  for (let i = statementLine - 2; i >= 0; i--) {
    const line = (lines[i] ?? "").trim();
    if (!(line.startsWith("//") || line.startsWith("/*") || line.startsWith("*"))) break;
    found.push(line);
  }
  return found;
}

/** Does the marker block above an anchor list this read (a call marker the engine wrote)? */
export function listsRead(comments: readonly string[], what: string): boolean {
  if (comments.some((c) => c.includes(`${TODO_TAG}: ${what}: `))) return true;
  if (!comments.some((c) => c.includes(TODO_TAG)) || !comments.some((c) => c.includes(READS_HEADING)))
    return false;
  return comments.some((c) => c.replace(/^\/\/\s*/, "").startsWith(listedPrefix(what)));
}

/** Where a call's marker goes: is the anchor the call itself, and does it carry a TODO already? */
export interface MarkerAnchor {
  readonly isCall: boolean;
  /** A transform's note above the call: the reads are listed under it, with no second TODO line. */
  readonly marked: boolean;
  /**
   * The call's own reason when a transform's note marks it and does not say it: written under the
   * note as a further reason (`//   also: …`), so the one marker still says what blocks the call.
   */
  readonly alsoReason?: string;
}

/**
 * The marker lines for one call's unmarked sites in a file (comment text, no indent): the call's
 * reason first when the call is among them, else the first site's, then the waiting reads.
 */
export function callMarkerLines(
  group: readonly (MarkableSite & { readonly reason: string })[],
  anchor: MarkerAnchor,
  finalLine: (line: number) => number = (line) => line,
): string[] {
  const anchorIsCall = anchor.isCall;
  const sorted = [...group].sort((a, b) => a.line - b.line || a.column - b.column);
  const head =
    sorted.find((s) => s.kind === "call") ?? (anchorIsCall ? null : (sorted[0] as (typeof sorted)[number]));
  const rest = sorted.filter((s) => s !== head);
  const lines: string[] = [];
  const oneLine = (t: string) => t.replace(/\s+/g, " ");
  if (head)
    lines.push(
      `// ${TODO_TAG}: ${oneLine(head.kind === "call" ? head.reason : `${head.what}: ${head.reason}`)}`,
    );
  else if (!anchor.marked) lines.push(`// ${TODO_TAG}: this call's reads still read the legacy shape`);
  else if (anchor.alsoReason) lines.push(`//   ${ALSO_PREFIX}${oneLine(anchor.alsoReason)}`);
  const listed = new Set<string>();
  const items: string[] = [];
  for (const s of rest) {
    const key = `${s.line}:${s.what}`;
    if (listed.has(key)) continue;
    listed.add(key);
    items.push(`//   ${listedRead(s.what, finalLine(s.line), oneLine(s.reason).replace(WINDOW_READ, ""))}`);
  }
  if (items.length > 0) lines.push(`//   ${READS_HEADING}`, ...items);
  return lines;
}
