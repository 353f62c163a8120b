/**
 * Reading a client-side catalog filter as contract filters. An arrow
 * predicate made only of conditions the contract can express — frontmatter
 * equality (`a.metadata.audience === "public"`), tier membership
 * (`[1, 2].includes(a.metadata.tier)`), tag membership, a path prefix
 * (`a.path.startsWith("writings/")`) — joined by `&&` reads as an exact filter
 * set. Anything else (a named predicate, `||`, negation, other fields) is
 * not exact, and the reason says which part.
 */
import type { JSCodeshift } from "jscodeshift";
import { isBooleanLiteral, isMember, isNumericLiteral, memberName, type Node, staticString } from "./ast.js";

export type FilterSet = Record<string, unknown>;

export type PredicateReading =
  | { readonly exact: true; readonly filters: FilterSet; readonly text: string }
  | { readonly exact: false; readonly why: string; readonly text: string; readonly hints: string };

const EQUALITY_FIELDS = new Set(["audience", "exposure", "tier", "public", "start_here"]);

function literalValue(node: Node): unknown {
  const s = staticString(node);
  if (s !== null) return s;
  if (isNumericLiteral(node) || isBooleanLiteral(node)) return node.value;
  return undefined;
}

/** `param.metadata.field` (optional chaining allowed) → field. */
function metadataField(node: Node, param: string): string | null {
  if (!isMember(node)) return null;
  const inner = node.object;
  if (!isMember(inner) || memberName(inner) !== "metadata") return null;
  if (inner.object.type !== "Identifier" || inner.object.name !== param) return null;
  return memberName(node);
}

function isParamField(node: Node, param: string, field: string): boolean {
  return (
    isMember(node) &&
    memberName(node) === field &&
    node.object.type === "Identifier" &&
    node.object.name === param
  );
}

function conjuncts(node: Node): Node[] {
  if (node.type === "LogicalExpression" && node.operator === "&&") {
    return [...conjuncts(node.left), ...conjuncts(node.right)];
  }
  if (node.type === "ParenthesizedExpression") return conjuncts(node.expression);
  return [node];
}

function readCondition(node: Node, param: string, filters: FilterSet): boolean {
  if (node.type === "BinaryExpression" && (node.operator === "===" || node.operator === "==")) {
    for (const [a, b] of [
      [node.left, node.right],
      [node.right, node.left],
    ]) {
      const field = metadataField(a, param);
      const value = literalValue(b);
      if (field && EQUALITY_FIELDS.has(field) && value !== undefined && !(field in filters)) {
        filters[field] = value;
        return true;
      }
    }
    return false;
  }
  if (node.type === "CallExpression" && isMember(node.callee)) {
    const method = memberName(node.callee);
    const receiver = node.callee.object;
    const arg = node.arguments[0];
    if (method === "startsWith" && isParamField(receiver, param, "path")) {
      const prefix = staticString(arg);
      if (prefix === null || "path_prefix" in filters) return false;
      filters.path_prefix = prefix;
      return true;
    }
    if (
      method === "includes" &&
      receiver.type === "ArrayExpression" &&
      metadataField(arg, param) === "tier"
    ) {
      const tiers = receiver.elements.map(literalValue);
      if (tiers.some((t: unknown) => typeof t !== "number") || "tier" in filters) return false;
      filters.tier = tiers;
      return true;
    }
    const tagsReceiver = receiver.type === "LogicalExpression" ? receiver.left : receiver;
    if (method === "includes" && metadataField(tagsReceiver, param) === "tags") {
      const tag = staticString(arg);
      if (tag === null || "tags" in filters) return false;
      filters.tags = tag;
      return true;
    }
  }
  return false;
}

export function readPredicate(
  j: JSCodeshift,
  predicate: Node,
  namedSource: (name: string) => string | null,
): PredicateReading {
  const text = j(predicate).toSource();
  if (predicate.type === "Identifier") {
    const body = namedSource(predicate.name) ?? "";
    return {
      exact: false,
      text,
      hints: `${predicate.name} ${body}`,
      why: `${predicate.name}() is a client-side predicate; the server-side filters must be shadow-compared against it before it is dropped (oddkit-sdk shadow)`,
    };
  }
  if (
    (predicate.type !== "ArrowFunctionExpression" && predicate.type !== "FunctionExpression") ||
    predicate.params.length !== 1
  ) {
    return { exact: false, text, hints: text, why: "the predicate is not a one-parameter function" };
  }
  const param = predicate.params[0];
  if (param.type !== "Identifier")
    return { exact: false, text, hints: text, why: "the predicate destructures its parameter" };
  let body = predicate.body;
  if (body.type === "BlockStatement") {
    if (body.body.length !== 1 || body.body[0].type !== "ReturnStatement") {
      return { exact: false, text, hints: text, why: "the predicate body is more than one return" };
    }
    body = body.body[0].argument;
  }
  const filters: FilterSet = {};
  for (const condition of conjuncts(body)) {
    if (!readCondition(condition, param.name, filters)) {
      return {
        exact: false,
        text,
        hints: text,
        why: `the condition \`${j(condition).toSource()}\` has no exact contract filter`,
      };
    }
  }
  return { exact: true, filters, text };
}
