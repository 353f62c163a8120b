/**
 * The transport idiom around a tool call: the statements that send the call
 * and parse its reply down to the oddkit envelope, e.g.
 *
 *     const res = await fetch(url, { body: JSON.stringify({ method: "tools/call", params }) });
 *     const rpc = await res.json();
 *     const envelope = JSON.parse(rpc.result.content[0].text);
 *
 * or `const res = await mcp.callTool({...}); const envelope = JSON.parse(res.content[0].text)`.
 * When every intermediate value is used only inside the chain, the whole
 * chain can be replaced by one SDK client call.
 */
import type { Collection, JSCodeshift } from "jscodeshift";
import { findDeclaration, isMember, memberName, type Node, unwrapExpression } from "./ast.js";
import { isReference } from "./entries.js";
import { findPaths } from "./find.js";
import type { ToolSite } from "./sites.js";
import { enclosingStatement } from "./todo.js";

export interface CallChain {
  /** Paths of the chain's statements, in order (the last declares the envelope). */
  readonly statements: Node[];
  readonly envelopeName: string;
  /** Path of the function body (or program) holding the chain. */
  readonly block: Node;
}

function declared(statement: Node): { id: string; init: Node } | null {
  if (statement.type !== "VariableDeclaration" || statement.declarations.length !== 1) return null;
  const [d] = statement.declarations;
  if (d.id.type !== "Identifier" || !d.init) return null;
  return { id: d.id.name, init: d.init };
}

function mentions(j: JSCodeshift, node: Node, names: Set<string>): boolean {
  return findPaths(j, node, j.Identifier).some((p: Node) => names.has(p.value.name) && isReference(p));
}

function isJsonParse(node: Node): boolean {
  const call = unwrapExpression(node);
  if (call?.type === "AwaitExpression") return isJsonParse(call.argument);
  if (call?.type !== "CallExpression") return false;
  const callee = call.callee;
  return isMember(callee) && memberName(callee) === "parse" && callee.object.name === "JSON";
}

function mentionsContent(j: JSCodeshift, node: Node): boolean {
  return findPaths(j, node, j.Node).some((p: Node) => isMember(p.value) && memberName(p.value) === "content");
}

/** A function of the file that reads a tool result's text and returns it parsed (`envelopeOf(reply)`). */
function isLocalEnvelopeParser(j: JSCodeshift, root: Collection | undefined, name: string): boolean {
  if (!root) return false;
  const declaration = findDeclaration(j, root, name, (init) => /Function/.test(init?.type ?? ""));
  const fn: Node =
    declaration?.value.type === "FunctionDeclaration" ? declaration.value : declaration?.value.init;
  if (!fn) return false;
  const returns =
    fn.body.type === "BlockStatement"
      ? findPaths(j, fn.body, j.ReturnStatement).map((p: Node) => p.value.argument)
      : [fn.body];
  return returns.length > 0 && returns.every((r: Node) => r && isJsonParse(r)) && mentionsContent(j, fn.body);
}

/** `JSON.parse(<…>.content[0].text)`, or a call of a local function doing that. */
function isEnvelopeParse(j: JSCodeshift, init: Node, root?: Collection): boolean {
  let call = unwrapExpression(init);
  if (call.type === "AwaitExpression") call = unwrapExpression(call.argument);
  if (call.type !== "CallExpression") return false;
  if (call.callee.type === "Identifier") return isLocalEnvelopeParser(j, root, call.callee.name);
  return isJsonParse(call) && mentionsContent(j, call.arguments[0]);
}

export function findCallChain(j: JSCodeshift, site: ToolSite, root?: Collection): CallChain | null {
  const first = enclosingStatement(site.path);
  if (!first) return null;
  const head = declared(first.value);
  if (!head) return null;
  const body = first.parentPath; // the statement list
  const list: Node[] = body.value;
  const start = list.indexOf(first.value);
  const names = new Set([head.id]);
  const statements = [first];
  let envelopeName: string | null = isEnvelopeParse(j, head.init, root) ? head.id : null;
  for (let i = start + 1; envelopeName === null && i < list.length; i++) {
    const decl = declared(list[i]);
    if (!decl || !mentions(j, decl.init, names)) return null;
    statements.push(body.get(i));
    names.add(decl.id);
    if (isEnvelopeParse(j, decl.init, root)) envelopeName = decl.id;
  }
  if (envelopeName === null) return null;
  names.delete(envelopeName);
  // Intermediate values (the response, the JSON-RPC reply) must not be used after the chain.
  const end = start + statements.length;
  for (let i = end; i < list.length; i++) {
    if (mentions(j, list[i], names)) return null;
  }
  return { statements, envelopeName, block: body.parentPath };
}

/** References to `name` inside `scope`, excluding its declaration. */
export function referencesOf(j: JSCodeshift, scope: Node, name: string): Node[] {
  return findPaths(j, scope, j.Identifier, (node) => node.name === name).filter(
    (p: Node) =>
      isReference(p) && !(p.parent.value.type === "VariableDeclarator" && p.parent.value.id === p.value),
  );
}
