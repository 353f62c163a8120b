/**
 * Follow-up markers for a human: `// TODO(oddkit-migrate): …` above the
 * statement holding a site. Inserted once (a marker with the same reason is
 * never repeated), and never on a statement a human has marked reviewed with
 * `// oddkit-migrate-reviewed`.
 */
import type { JSCodeshift } from "jscodeshift";
import type { Node } from "./ast.js";

export const TODO_TAG = "TODO(oddkit-migrate)";
export const REVIEWED_MARKER = "oddkit-migrate-reviewed";

/** Matches a marker line in any source (line or block comment), capturing the reason. */
export const TODO_PATTERN = /TODO\(oddkit-migrate\):\s*(.*?)\s*(?:\*\/)?$/;

/**
 * A statement noted for several reasons carries one marker: the first reason on the TODO line, each
 * further one on a comment line below it that starts with this (`//   also: <reason>`). The
 * transforms write one TODO line a reason; `migrate` folds them (foldMarkers).
 */
export const ALSO_PREFIX = "also: ";

/** Matches a further reason's line under a marker, capturing the reason. */
export const ALSO_PATTERN = /^\s*\/\/ {3}also: (.*?)\s*$/;

/** A line under a marker that belongs to it (a further reason, the reads it lists). */
export const MARKER_CONTINUATION = /^\s*\/\/ {3}\S/;

/** A marker's TODO line, capturing its indent and reason. */
const TODO_LINE = /^(\s*)\/\/ TODO\(oddkit-migrate\): (.*)$/;

/**
 * One marker a statement: each TODO line right under another marker's lines at the same indent (two
 * transforms noting one call, a transform's note and the engine's) becomes a further reason of the
 * marker above it. Lines keep their places, so line numbers do not move.
 */
export function foldMarkers(lines: readonly string[]): string[] {
  const out = [...lines];
  let open: string | null = null; // the indent of the marker whose lines run down to here
  for (let i = 0; i < out.length; i++) {
    const line = out[i] as string;
    const todo = TODO_LINE.exec(line);
    if (todo && open === todo[1]) out[i] = `${open}//   ${ALSO_PREFIX}${todo[2]}`;
    else if (todo) open = todo[1] as string;
    else if (open !== null && !(line.startsWith(`${open}//`) && MARKER_CONTINUATION.test(line))) open = null;
  }
  return out;
}

/** The statement (direct child of a block or the program) that holds `path`. */
export function enclosingStatement(path: Node): Node | null {
  let current = path;
  while (current?.parentPath) {
    const parent = current.parentPath;
    const container = parent.value;
    if (Array.isArray(container) && parent.parentPath) {
      const owner = parent.parentPath.value;
      if (owner?.type === "BlockStatement" || owner?.type === "Program" || owner?.type === "StaticBlock") {
        return current;
      }
      if (owner?.type === "SwitchCase" && parent.name === "consequent") return current;
    }
    current = parent;
  }
  return null;
}

function commentsOf(node: Node): Node[] {
  return [...(node.comments ?? []), ...(node.leadingComments ?? [])];
}

/** Has a human marked this statement reviewed? */
export function isReviewed(statement: Node): boolean {
  return commentsOf(statement).some((c) => String(c.value).includes(REVIEWED_MARKER));
}

/**
 * Markers waiting for the print: statement → reasons. They are written as
 * text (a line above the statement's first line) after recast prints, so
 * that a statement only flagged keeps its formatting byte for byte (recast
 * reprints a node whose comments change in its own style).
 */
const pending = new Map<Node, string[]>();

/**
 * Put a marker with `reason` above the statement holding `path`, once.
 * Returns true when a marker was added (false: already there, reviewed, or no statement).
 */
export function addTodo(_j: JSCodeshift, path: Node, reason: string): boolean {
  const statementPath = enclosingStatement(path);
  if (!statementPath) return false;
  const statement = statementPath.value;
  if (isReviewed(statement)) return false;
  // A reason already in a marker, as its TODO line or as a further reason folded under one.
  const noted = new Set([`${TODO_TAG}: ${reason}`, `${ALSO_PREFIX}${reason}`]);
  if (commentsOf(statement).some((c) => noted.has(String(c.value).trim()))) return false;
  const reasons = pending.get(statement) ?? [];
  if (reasons.includes(reason)) return false;
  pending.set(statement, [...reasons, reason]);
  return true;
}

/** The markers waiting for the print, left waiting (a print mid-way through a pipeline). */
export function peekPendingTodos(): Map<Node, string[]> {
  return new Map(pending);
}

/** Take (and clear) the markers waiting for the print. */
export function takePendingTodos(): Map<Node, string[]> {
  const taken = new Map(pending);
  pending.clear();
  return taken;
}

/** Attach markers as comments (recast prints them; used when a marker's line cannot be found as text). */
export function attachTodos(j: JSCodeshift, markers: Map<Node, string[]>): void {
  for (const [statement, reasons] of markers) {
    const comments = reasons.map((r) => j.commentLine(` ${TODO_TAG}: ${r}`, true, false));
    statement.comments = [...(statement.comments ?? []), ...comments];
  }
}

/**
 * Insert markers into printed text above their statements' original first
 * lines. Null when a statement does not start its own line in the source or
 * its first line no longer appears in the output (it was rewritten).
 */
export function insertTodosAsText(
  source: string,
  output: string,
  markers: Map<Node, string[]>,
  eol: string,
): string | null {
  const sourceLines = source.split(/\r?\n/);
  const outputLines = output.split(/\r?\n/);
  const inserts: { index: number; lines: string[] }[] = [];
  for (const [statement, reasons] of markers) {
    const line = statement.loc?.start?.line as number | undefined;
    const column = statement.loc?.start?.column as number | undefined;
    if (line === undefined || column === undefined) return null;
    const first = sourceLines[line - 1];
    if (first === undefined) return null;
    const indent = first.slice(0, column);
    if (indent.trim() !== "") return null;
    let occurrence = 0;
    for (let i = 0; i < line - 1; i++) if (sourceLines[i] === first) occurrence++;
    let index = -1;
    for (let i = 0, seen = 0; i < outputLines.length; i++) {
      if (outputLines[i] === first && seen++ === occurrence) {
        index = i;
        break;
      }
    }
    if (index < 0) return null;
    inserts.push({ index, lines: reasons.map((r) => `${indent}// ${TODO_TAG}: ${r}`) });
  }
  inserts.sort((a, b) => b.index - a.index);
  for (const insert of inserts) outputLines.splice(insert.index, 0, ...insert.lines);
  return outputLines.join(eol);
}
