/**
 * The transform chain over one tree: a file is parsed once, every transform
 * rewrites the same tree in turn, and the output is what running them one
 * after another gives (each printing its text and the next parsing it
 * again), byte for byte. The chain's texts are still printed (what a
 * transform changed is printed once, as in the chain: its text-based
 * decisions — the next transform's text test, where markers go, the text
 * after the call-only transforms — read it), but never parsed again.
 *
 * Two things make a later print of the one tree differ from printing the
 * chain's reparsed text, and each is handled where it arises:
 * - recast's comparison with the original text: what a print printed
 *   afresh stays printed afresh (reprint.ts);
 * - text-derived settings of the next print: the quote style of new strings
 *   and recast's tab width come from the text a transform parses, and a
 *   marker goes above its statement's line in that text. When the text
 *   printed so far would give a different setting or place than the text the
 *   tree was parsed from, or a transform reports a site on a node the tree
 *   has no line for, the tree is parsed again from the current text (what
 *   the chain does at every step) and the transform runs again on it.
 *
 * Site lines are lines of the file as given (the chain gave lines of the
 * previous transform's output, a text the user never sees): after a re-parse,
 * a line of the re-parsed text is mapped back to the file's line it came from
 * (a line-level diff; a new or changed line maps to the file's line it follows).
 */
import { diffLines } from "diff";
import type { Collection, FileInfo, JSCodeshift } from "jscodeshift";
import type { Node } from "./ast.js";
import { quoteStyle, type SiteEvent, SiteLog, type TransformOptions } from "./report.js";
import { guessedTabWidth, printKeepingReprints } from "./reprint.js";
import { attachTodos, insertTodosAsText, peekPendingTodos, takePendingTodos } from "./todo.js";
import type { TreeStep } from "./transform.js";

/** A transform of a pipeline threw: which one, and what it threw. */
export class StepError extends Error {
  constructor(
    readonly transform: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface OneTreeRun {
  /** The file's text after every step (the source itself when nothing changed). */
  readonly output: string;
  /** The text after the first `textAfter` steps, when asked for. */
  readonly textAfter?: string;
  /** How many times the file was parsed (1 unless a step needed the chain's own re-parse; 0 when no step ran). */
  readonly parses: number;
}

const BOM = "\uFEFF";

/** How often each statement's first line of `base` occurs in `text` (markers are placed by it). */
function occurrences(text: string, markers: Map<Node, string[]>, base: readonly string[]): number[] {
  const lines = text.split(/\r?\n/);
  return [...markers.keys()].map((statement) => {
    const first = base[(statement.loc?.start?.line ?? 0) - 1];
    let count = 0;
    for (const line of lines) if (line === first) count++;
    return count;
  });
}

/**
 * For each line of `text` (1-based; index 0 unused), the line of `source` it comes from: a kept line
 * its own, a new or changed line the source line it follows (at least 1).
 */
export function lineOrigins(source: string, text: string): number[] {
  const origins = [0];
  let consumed = 0;
  const lf = (t: string) => t.replace(/\r\n/g, "\n");
  for (const part of diffLines(lf(source), lf(text))) {
    const count = part.count ?? 0;
    if (part.removed) consumed += count;
    else if (part.added) for (let i = 0; i < count; i++) origins.push(Math.max(1, consumed));
    else {
      for (let i = 1; i <= count; i++) origins.push(consumed + i);
      consumed += count;
    }
  }
  return origins;
}

class OneTree {
  /** The text the tree was parsed from (the file, or the text at the last re-parse). */
  base: string;
  /** Each line of `base`'s line in the file as given (null while `base` is the file). */
  origins: number[] | null = null;
  baseLines: string[] | null = null;
  baseTabWidth: number | null = null;
  root: Collection | null = null;
  /** The text the chain holds now. */
  text: string;
  /** The tree has changes since `base`. */
  changed = false;
  parses = 0;

  constructor(
    readonly j: JSCodeshift,
    source: string,
  ) {
    this.base = source;
    this.text = source;
  }

  tree(): Collection {
    if (!this.root) {
      this.root = this.j(this.base);
      this.parses += 1;
    }
    return this.root;
  }

  /** Parse the current text anew, as the chain's next transform would (its markers are in it). */
  restart(): void {
    takePendingTodos();
    if (this.text !== this.base) {
      const step = lineOrigins(this.base, this.text);
      const before = this.origins;
      this.origins = before ? step.map((line) => before[line] ?? line) : step;
    }
    this.base = this.text;
    this.baseLines = null;
    this.baseTabWidth = null;
    this.root = null;
    this.changed = false;
  }

  /** The file's line a line of `base` comes from. */
  originOf(line: number): number {
    return this.origins?.[line] ?? line;
  }

  /** Would the next print of the one tree use the settings a print of the reparsed text would? */
  printsAlike(): boolean {
    if (!this.changed) return true;
    if (quoteStyle(this.text) !== quoteStyle(this.base)) return false;
    this.baseTabWidth ??= guessedTabWidth(this.base);
    return guessedTabWidth(this.text) === this.baseTabWidth;
  }

  /**
   * Print after a step that changed the tree (its markers included), as the
   * chain's step printed. Null when the markers cannot be placed as the chain
   * placed them (then the caller re-parses and runs the step again).
   */
  print(before: string, fresh: boolean): string | null {
    const eol = this.base.includes("\r\n") ? "\r\n" : "\n";
    const root = this.tree();
    const print = () => root.toSource({ quote: quoteStyle(this.base), lineTerminator: eol });
    let output = printKeepingReprints(print);
    const markers = peekPendingTodos();
    if (markers.size > 0) {
      // The chain placed each step's markers by the text that step parsed (`before`): placed here by
      // `base`, they land alike while each statement's first line occurs as often in both and in the print.
      this.baseLines ??= this.base.split(/\r?\n/);
      const lines = this.baseLines;
      const want = occurrences(this.base, markers, lines);
      const alike = (text: string) => occurrences(text, markers, lines).every((n, i) => n === want[i]);
      const placeable = fresh || (alike(before) && alike(output));
      const withMarkers = placeable ? insertTodosAsText(this.base, output, markers, eol) : null;
      if (withMarkers !== null) output = withMarkers;
      else if (fresh) {
        // The chain's own fallback for this step: markers as comments on the tree, printed by recast.
        attachTodos(this.j, takePendingTodos());
        output = printKeepingReprints(print);
      } else return null;
    }
    if (this.base.startsWith(BOM) && !output.startsWith(BOM)) output = `${BOM}${output}`;
    return output;
  }
}

/**
 * Runs the steps as the chain of their transforms would (`textAfter`: also
 * return the text after that many steps), parsing the file once unless a
 * step needs the chain's re-parse (see above). Throws `StepError` naming the
 * step that threw.
 */
export function runOnOneTree(
  j: JSCodeshift,
  file: FileInfo,
  steps: readonly TreeStep[],
  options: TransformOptions = {},
  textAfter = -1,
): OneTreeRun {
  // Markers a failed run elsewhere may have left behind are not this file's.
  takePendingTodos();
  const state = new OneTree(j, file.source);
  let captured: string | undefined;
  try {
    for (const [index, step] of steps.entries()) {
      if (index === textAfter) captured = state.text;
      // The chain tests each transform's text test on the text it is given.
      if (!step.mayHaveSites(state.text)) continue;
      const before = state.text;
      let sites: SiteEvent[] = [];
      let output: string | null = null;
      for (let attempt = 0; output === null; attempt++) {
        // The second attempt runs on a tree parsed from the current text: what the chain runs on.
        if (attempt > 0) state.restart();
        const fresh = !state.changed;
        sites = [];
        const log = new SiteLog(step.name, { ...options, sink: (event) => sites.push(event) });
        let stepChanged: boolean;
        try {
          stepChanged = step.rewrite({
            j,
            root: state.tree(),
            log,
            file: { path: file.path, source: before },
          });
        } catch (error) {
          if (fresh) throw new StepError(step.name, error);
          continue;
        }
        if (!stepChanged) {
          output = before;
          break;
        }
        // A site on a node with no line here (made by an earlier step) has one in the chain's re-parse.
        if (!fresh && (sites.some((s) => s.line === 0) || !state.printsAlike())) continue;
        state.changed = true;
        output = state.print(before, fresh);
        if (output !== null && output === before) {
          // The chain's print gave the same text: its next transform parses that text anew.
          state.restart();
        }
      }
      state.text = output;
      for (const site of sites)
        options.sink?.(site.line > 0 ? { ...site, line: state.originOf(site.line) } : site);
    }
  } finally {
    takePendingTodos();
  }
  if (steps.length === textAfter) captured = state.text;
  return {
    output: state.text,
    parses: state.parses,
    ...(captured !== undefined ? { textAfter: captured } : {}),
  };
}
