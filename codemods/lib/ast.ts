/**
 * Parser-agnostic AST helpers. jscodeshift's `babel` parser emits ESTree
 * nodes (`Property`, `Literal`), the `ts`/`tsx` parsers emit Babel nodes
 * (`ObjectProperty`, `StringLiteral`); every transform goes through these so
 * that one rewrite works on .js, .ts and .tsx files alike.
 */
import type { Collection, JSCodeshift } from "jscodeshift";
import { findPaths } from "./find.js";

// biome-ignore lint/suspicious/noExplicitAny: recast/ast-types nodes are structurally typed across parsers.
export type Node = any;

export function isStringLiteral(node: Node): node is { value: string } {
  if (!node) return false;
  if (node.type === "StringLiteral") return true;
  return node.type === "Literal" && typeof node.value === "string";
}

/** The text of a string literal or a template literal without expressions. */
export function staticString(node: Node): string | null {
  if (isStringLiteral(node)) return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) {
    return node.quasis.map((q: Node) => q.value.cooked).join("");
  }
  return null;
}

export function isNumericLiteral(node: Node): node is { value: number } {
  if (!node) return false;
  if (node.type === "NumericLiteral") return true;
  return node.type === "Literal" && typeof node.value === "number";
}

export function isBooleanLiteral(node: Node): node is { value: boolean } {
  if (!node) return false;
  if (node.type === "BooleanLiteral") return true;
  return node.type === "Literal" && typeof node.value === "boolean";
}

export function isObjectProperty(node: Node): boolean {
  return (
    node?.type === "ObjectProperty" || (node?.type === "Property" && node.kind === "init" && !node.method)
  );
}

/** The static key of a property (`a`, `"a"`), or null for computed keys and spreads. */
export function propertyKey(node: Node): string | null {
  if (!isObjectProperty(node) || node.computed) return null;
  const key = node.key;
  if (key.type === "Identifier") return key.name;
  if (isStringLiteral(key)) return key.value;
  return null;
}

/** The property of an object literal with this static key. */
export function getProperty(object: Node, key: string): Node | null {
  if (object?.type !== "ObjectExpression") return null;
  return object.properties.find((p: Node) => propertyKey(p) === key) ?? null;
}

export function getPropertyValue(object: Node, key: string): Node | null {
  return getProperty(object, key)?.value ?? null;
}

export function removeProperty(object: Node, key: string): boolean {
  const index = object.properties.findIndex((p: Node) => propertyKey(p) === key);
  if (index < 0) return false;
  object.properties.splice(index, 1);
  return true;
}

/** A `key: value` property in the parser's own node flavour. */
export function makeProperty(j: JSCodeshift, key: string, value: Node, like?: Node): Node {
  const flavour = like?.type === "Property" ? "property" : "objectProperty";
  const id = /^[A-Za-z_$][\w$]*$/.test(key) ? j.identifier(key) : j.stringLiteral(key);
  return flavour === "property" ? j.property("init", id, value) : j.objectProperty(id, value);
}

/** Does the object literal have a spread (`...rest`)? Then its key set is not fully known. */
export function hasSpread(object: Node): boolean {
  return object.properties.some((p: Node) => p.type === "SpreadElement" || p.type === "SpreadProperty");
}

/** Strip TS-only wrappers (`x as T`, `x!`, `x satisfies T`, parentheses) to reach the value. */
export function unwrapExpression(node: Node): Node {
  let current = node;
  while (
    current &&
    (current.type === "TSAsExpression" ||
      current.type === "TSNonNullExpression" ||
      current.type === "TSSatisfiesExpression" ||
      current.type === "TSTypeAssertion" ||
      current.type === "ParenthesizedExpression")
  ) {
    current = current.expression;
  }
  return current;
}

/** The static name of a member expression's property (`a.b`, `a["b"]`, `a?.b`), else null. */
export function memberName(node: Node): string | null {
  if (node?.type !== "MemberExpression" && node?.type !== "OptionalMemberExpression") return null;
  if (!node.computed && node.property.type === "Identifier") return node.property.name;
  if (node.computed && isStringLiteral(node.property)) return node.property.value;
  return null;
}

export function isMember(node: Node): boolean {
  return node?.type === "MemberExpression" || node?.type === "OptionalMemberExpression";
}

/**
 * The path declaring `name` in the file: a function declaration, else the
 * first variable declarator whose initial value passes `acceptInit`.
 */
export function findDeclaration(
  j: JSCodeshift,
  root: Collection,
  name: string,
  acceptInit: (init: Node) => boolean = () => true,
): Node | null {
  return (
    findPaths(j, root, j.FunctionDeclaration, (node) => node.id?.name === name)[0] ??
    findPaths(j, root, j.VariableDeclarator, (node) => node.id?.name === name && acceptInit(node.init))[0] ??
    null
  );
}

/** 1-based line of a node in the original source, when known. */
export function lineOf(node: Node): number {
  return node?.loc?.start?.line ?? 0;
}

/** Is the file TypeScript (casts and type annotations may be emitted)? */
export function isTypeScriptPath(path: string): boolean {
  return /\.(c|m)?tsx?$/i.test(path);
}
