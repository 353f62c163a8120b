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
 * Put a marker with `reason` above the statement holding `path`, once.
 * Returns true when a marker was added (false: already there, reviewed, or no statement).
 */
export function addTodo(j: JSCodeshift, path: Node, reason: string): boolean {
  const statementPath = enclosingStatement(path);
  if (!statementPath) return false;
  const statement = statementPath.value;
  if (isReviewed(statement)) return false;
  const text = ` ${TODO_TAG}: ${reason}`;
  if (commentsOf(statement).some((c) => String(c.value).trim() === text.trim())) return false;
  const comment = j.commentLine(text, true, false);
  statement.comments = [...(statement.comments ?? []), comment];
  return true;
}

/** Is there already a marker whose reason starts with `prefix` on the statement holding `path`? */
export function hasTodo(path: Node, prefix: string): boolean {
  const statementPath = enclosingStatement(path);
  if (!statementPath) return false;
  return commentsOf(statementPath.value).some((c) => String(c.value).includes(`${TODO_TAG}: ${prefix}`));
}
