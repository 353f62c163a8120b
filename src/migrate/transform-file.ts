/** One file through the transforms: read, apply, and describe the outcome (nothing is written here). */
import { readFile } from "node:fs/promises";
import type { TransformEntry } from "../../codemods/index.js";
import type { SiteEvent } from "../../codemods/lib/report.js";
import { TODO_PATTERN, TODO_TAG } from "../../codemods/lib/todo.js";
import { applyTransforms, CANDIDATE_PATTERN } from "./apply.js";

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
  text.split(/\r?\n/).forEach((line, index) => {
    const match = TODO_PATTERN.exec(line);
    if (match) markers.push({ line: index + 1, reason: match[1] ?? "" });
  });
  return markers;
}

export async function transformFile(
  file: string,
  transforms: readonly TransformEntry[],
): Promise<FileOutcome> {
  let source: string;
  try {
    source = await readFile(file, "utf8");
  } catch (error) {
    return {
      file,
      status: "failed",
      sites: [],
      todos: [],
      error: { transform: "read", message: error instanceof Error ? error.message : String(error) },
    };
  }
  const result = applyTransforms(file, source, transforms);
  if (result.error)
    return { file, status: "failed", sites: [], todos: scanTodos(source), error: result.error };
  if (!result.changed) return { file, status: "unchanged", sites: result.sites, todos: scanTodos(source) };
  return {
    file,
    status: "changed",
    before: source,
    after: result.output,
    sites: result.sites,
    todos: scanTodos(result.output),
  };
}

/**
 * The outcome of a file no transform would parse (no oddkit mention), or
 * null when the file needs the transforms. Read errors are left to
 * transformFile, which reports them.
 */
export async function settleWithoutParsing(file: string): Promise<FileOutcome | null> {
  const source = await readFile(file, "utf8").catch(() => null);
  if (source === null || CANDIDATE_PATTERN.test(source)) return null;
  return { file, status: "unchanged", sites: [], todos: scanTodos(source) };
}
