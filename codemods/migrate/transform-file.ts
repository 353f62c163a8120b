/** One file through the transforms: apply, and describe the outcome (nothing is read or written here). */
import { selectTransforms, type TransformEntry } from "../index.js";
import type { SiteEvent } from "../lib/report.js";
import { ALSO_PATTERN, ALSO_PREFIX, MARKER_CONTINUATION, TODO_PATTERN, TODO_TAG } from "../lib/todo.js";
import { applyTransforms } from "./apply.js";

export interface FileOutcome {
  readonly file: string;
  readonly status: "changed" | "unchanged" | "failed";
  /** The original text (only for changed files, for diffs). */
  readonly before?: string;
  /** The new text (only for changed files). */
  readonly after?: string;
  readonly sites: readonly SiteEvent[];
  /** Follow-up markers in the file as it ends up (left by this run or an earlier one). */
  readonly todos: readonly TodoMarker[];
  readonly error?: { readonly transform: string; readonly message: string };
  /** Why the file was left unread by the transforms (not UTF-8 text, …): reported in the summary's `skipped`. */
  readonly skipped?: string;
  /**
   * The text after the call-only transforms (see ApplyResult.callOnly), for
   * the engine; `migrate` drops it from the outcomes it returns.
   */
  readonly callOnly?: string;
}

export interface TodoMarker {
  /** 1-based line of the marker. */
  readonly line: number;
  readonly reason: string;
}

/** Every `TODO(oddkit-migrate): …` marker of a text, with its line. */
export function scanTodos(text: string): TodoMarker[] {
  if (!text.includes(TODO_TAG)) return [];
  const markers: TodoMarker[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const match = TODO_PATTERN.exec(line);
    if (!match) return;
    // The marker's further reasons (`//   also: …` lines in the block below it) are part of what it asks.
    const further: string[] = [];
    for (let next = index + 1; next < lines.length; next++) {
      const line = lines[next] ?? "";
      if (!MARKER_CONTINUATION.test(line)) break;
      const also = ALSO_PATTERN.exec(line);
      if (also) further.push(also[1] ?? "");
    }
    const reason = [match[1] ?? "", ...further.map((r) => `${ALSO_PREFIX}${r}`)].join("; ");
    markers.push({ line: index + 1, reason });
  });
  return markers;
}

/** A file's path and its text, read once by the pool. */
export interface SourceFile {
  readonly file: string;
  readonly source: string;
}

/** A file whose text could not be read: reported as failed, never written. */
export function readFailure(file: string, error: unknown): FileOutcome {
  return {
    file,
    status: "failed",
    sites: [],
    todos: [],
    error: { transform: "read", message: error instanceof Error ? error.message : String(error) },
  };
}

export function transformSource(
  { file, source }: SourceFile,
  transforms: readonly TransformEntry[],
): FileOutcome {
  const result = applyTransforms(file, source, transforms);
  if (result.error)
    return { file, status: "failed", sites: [], todos: scanTodos(source), error: result.error };
  const callOnly = result.callOnly !== undefined ? { callOnly: result.callOnly } : {};
  if (!result.changed)
    return { file, status: "unchanged", sites: result.sites, todos: scanTodos(source), ...callOnly };
  return {
    file,
    status: "changed",
    before: source,
    after: result.output,
    sites: result.sites,
    todos: scanTodos(result.output),
    ...callOnly,
  };
}

/** One batch through the named transforms: the same code in a worker process and in-process. */
export function transformBatch(
  batch: readonly SourceFile[],
  transformNames: readonly string[],
): FileOutcome[] {
  const transforms = selectTransforms(transformNames);
  return batch.map((f) => transformSource(f, transforms));
}
