/**
 * How transforms tell the runner what they did. Each transform is a plain
 * jscodeshift transform (`(file, api, options) => string | undefined`); when
 * the runner passes a `sink` in the options, every rewritten site is reported
 * to it. Run under the jscodeshift CLI, there is no sink and nothing is lost
 * but the counts. TODO markers are not reported here: the runner reads them
 * back from the output, so markers left by earlier runs are counted too.
 */
import type { Collection, JSCodeshift } from "jscodeshift";
import { lineOf, type Node } from "./ast.js";
import { attachTodos, insertTodosAsText, takePendingTodos } from "./todo.js";

export interface SiteEvent {
  readonly transform: string;
  /**
   * 1-based line of the site in the text the transform parsed. `migrate` runs its transforms over
   * one tree of the file as given (lib/one-tree.ts), so there these are lines of the user's file
   * (after a rare re-parse, of the text the previous transform printed).
   */
  readonly line: number;
  readonly what: string;
  /** The file, for project-wide transforms (per-file transforms leave it to the runner). */
  readonly file?: string;
}

export interface TransformOptions {
  readonly sink?: (event: SiteEvent) => void;
  readonly [key: string]: unknown;
}

export class SiteLog {
  count = 0;
  constructor(
    private readonly transform: string,
    private readonly options: TransformOptions,
  ) {}
  site(node: Node, what: string): void {
    this.count += 1;
    this.options.sink?.({ transform: this.transform, line: lineOf(node), what });
  }
}

/** The dominant quote style of a file, so that inserted strings match it. */
export function quoteStyle(source: string): "single" | "double" {
  const single = source.match(/'/g)?.length ?? 0;
  const double = source.match(/"/g)?.length ?? 0;
  return single > double ? "single" : "double";
}

/** Print the tree when something changed; `undefined` tells the runner (and jscodeshift) "no change". */
export function finish(
  root: Collection,
  changed: boolean,
  source: string,
  j?: JSCodeshift,
): string | undefined {
  const markers = takePendingTodos();
  if (!changed) return undefined;
  forgetParse(root);
  const lineTerminator = source.includes("\r\n") ? "\r\n" : "\n";
  const print = () => root.toSource({ quote: quoteStyle(source), lineTerminator });
  let output = print();
  if (markers.size > 0) {
    const withMarkers = insertTodosAsText(source, output, markers, lineTerminator);
    if (withMarkers !== null) output = withMarkers;
    else if (j) {
      attachTodos(j, markers);
      output = print();
    }
  }
  // Keep a byte-order mark the parser consumed.
  if (source.startsWith("\uFEFF") && !output.startsWith("\uFEFF")) output = `\uFEFF${output}`;
  return output === source ? undefined : output;
}

let lastParse: { j: JSCodeshift; source: string; root: Collection } | null = null;

/**
 * Parse a file's text, reusing the tree of the previous transform when it
 * left the text unchanged (a transform that returns undefined has not touched
 * its tree). Saves one parse per transform in a pipeline.
 */
export function parse(j: JSCodeshift, source: string): Collection {
  // A transform starts here: drop markers a failed run (parse error, exception) may have left behind.
  takePendingTodos();
  if (lastParse && lastParse.j === j && lastParse.source === source) return lastParse.root;
  const root = j(source);
  lastParse = { j, source, root };
  return root;
}

/** Forget the cached tree (after a transform changed it, the tree no longer matches any text). */
export function forgetParse(root: Collection): void {
  if (lastParse?.root === root) lastParse = null;
}
