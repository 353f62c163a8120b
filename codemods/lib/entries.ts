/**
 * Following a list of entries through local code: from `X.result.data` (or
 * `X.result.hits` before the rename) to the callbacks, loop variables and
 * aliases that hold one entry, so that reads of legacy entry fields
 * (`hit.path`, `hit.tags`, `article.metadata`) can be rewritten. Purely
 * syntactic and local to one function; values that leave the function are
 * the job of the type-driven `response-types` transform.
 */
import type { JSCodeshift } from "jscodeshift";
import { isMember, memberName, type Node } from "./ast.js";
import { findPaths } from "./find.js";

/** Array methods whose callback's first parameter is an entry. */
const CALLBACK_METHODS = new Set([
  "map",
  "filter",
  "forEach",
  "find",
  "findLast",
  "some",
  "every",
  "flatMap",
  "findIndex",
]);
/** Array methods whose result is still a list of the same entries. */
const PASSTHROUGH_METHODS = new Set([
  "filter",
  "slice",
  "sort",
  "toSorted",
  "reverse",
  "toReversed",
  "concat",
]);
/** Array methods whose result is one entry. */
const SINGLE_METHODS = new Set(["find", "findLast", "at", "pop", "shift"]);

/** Wrappers a value passes through unchanged (`await x`, `(x)`, `x as T`, `x!`). */
function climb(path: Node): Node {
  let current = path;
  while (
    current.parent &&
    [
      "AwaitExpression",
      "ParenthesizedExpression",
      "TSAsExpression",
      "TSNonNullExpression",
      "TSSatisfiesExpression",
    ].includes(current.parent.value.type)
  ) {
    current = current.parent;
  }
  return current;
}

export interface EntryRead {
  /** The member expression path reading a field of one entry (`hit.path`). */
  readonly path: Node;
  readonly field: string;
  /** The parameter or variable holding the entry, when the read goes through one (its type may need updating). */
  readonly binding?: Node;
}

export interface EntryPattern {
  /** An object pattern destructuring one entry (`({ path, title }) => …`). */
  readonly pattern: Node;
}

/** Is this identifier a variable reference (not a property name or object key)? */
export function isReference(ref: Node): boolean {
  const parent = ref.parent?.value;
  if (!parent) return true;
  if (isMember(parent) && parent.property === ref.value && !parent.computed) return false;
  if (
    (parent.type === "ObjectProperty" || parent.type === "Property") &&
    parent.key === ref.value &&
    !parent.shorthand
  ) {
    return false;
  }
  return true;
}

/** Reads of entry fields reachable from an expression that evaluates to a list of entries. */
export function entryReadsFromList(
  j: JSCodeshift,
  /** Path of the enclosing function: aliases are looked up inside it. */
  scope: Node,
  listPath: Node,
): { reads: EntryRead[]; patterns: EntryPattern[]; filters: Node[] } {
  const filters: Node[] = [];
  const reads: EntryRead[] = [];
  const patterns: EntryPattern[] = [];
  const seen = new Set<Node>();

  const fromBinding = (id: Node, body: Node) => {
    if (id.type === "ObjectPattern") {
      patterns.push({ pattern: id });
      return;
    }
    if (id.type !== "Identifier") return;
    findPaths(j, body, j.Identifier, (node) => node.name === id.name)
      .filter(isReference)
      .forEach((ref) => {
        const parent = ref.parent;
        if (isMember(parent.value) && parent.value.object === ref.value) {
          const field = memberName(parent.value);
          if (field !== null) reads.push({ path: parent, field, binding: id });
        }
      });
  };

  const fromEntry = (path: Node) => {
    const top = climb(path);
    const parent = top.parent;
    if (!parent) return;
    if (isMember(parent.value) && parent.value.object === top.value) {
      const field = memberName(parent.value);
      if (field !== null) reads.push({ path: parent, field });
    } else if (parent.value.type === "VariableDeclarator" && parent.value.init === top.value) {
      fromBinding(parent.value.id, scope);
    }
  };

  const fromList = (path: Node) => {
    if (seen.has(path.value)) return;
    seen.add(path.value);
    const top = climb(path);
    const parent = top.parent;
    if (!parent) return;
    const node = parent.value;
    if (isMember(node) && node.object === top.value) {
      const method = memberName(node);
      const call = parent.parent;
      if (node.computed && method === null) {
        fromEntry(parent);
        return;
      }
      if (method === null || call?.value.type !== "CallExpression" || call.value.callee !== node) return;
      const callback = call.value.arguments[0];
      if (
        CALLBACK_METHODS.has(method) &&
        callback &&
        (callback.type === "ArrowFunctionExpression" || callback.type === "FunctionExpression") &&
        callback.params[0]
      ) {
        fromBinding(callback.params[0], call.get("arguments", 0, "body"));
      }
      if (method === "filter") filters.push(call);
      if (PASSTHROUGH_METHODS.has(method)) fromList(call);
      if (SINGLE_METHODS.has(method)) fromEntry(call);
      return;
    }
    if (node.type === "VariableDeclarator" && node.init === top.value) {
      if (node.id.type === "Identifier") {
        findPaths(j, scope, j.Identifier, (ident) => ident.name === node.id.name)
          .filter((ref) => ref.value !== node.id && isReference(ref))
          .forEach((ref) => {
            fromList(ref);
          });
      } else if (node.id.type === "ArrayPattern") {
        for (const element of node.id.elements) if (element) fromBinding(element, scope);
      }
      return;
    }
    if (node.type === "ForOfStatement" && node.right === top.value) {
      const left = node.left.type === "VariableDeclaration" ? node.left.declarations[0]?.id : node.left;
      if (left) fromBinding(left, parent.get("body"));
      return;
    }
    if (node.type === "SpreadElement" && parent.parent?.value.type === "CallExpression") {
      const callee = parent.parent.value.callee;
      if (isMember(callee) && memberName(callee) === "push" && callee.object.type === "Identifier") {
        findPaths(j, scope, j.Identifier, (ident) => ident.name === callee.object.name)
          .filter((ref) => ref.value !== callee.object && isReference(ref))
          .forEach((ref) => {
            fromList(ref);
          });
      }
    }
  };

  fromList(listPath);
  return { reads, patterns, filters };
}
