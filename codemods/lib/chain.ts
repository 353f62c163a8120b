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
import type { JSCodeshift } from "jscodeshift";
import { isMember, memberName, type Node, unwrapExpression } from "./ast.js";
import { isReference } from "./entries.js";
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
  return j(node)
    .find(j.Identifier)
    .some((p: Node) => names.has(p.value.name) && isReference(p));
}

function isEnvelopeParse(j: JSCodeshift, init: Node): boolean {
  const call = unwrapExpression(init);
  if (call.type !== "CallExpression") return false;
  const callee = call.callee;
  if (!(isMember(callee) && memberName(callee) === "parse" && callee.object.name === "JSON")) return false;
  return j(call.arguments[0])
    .find(j.Node)
    .some((p: Node) => isMember(p.value) && memberName(p.value) === "content");
}

export function findCallChain(j: JSCodeshift, site: ToolSite): CallChain | null {
  const first = enclosingStatement(site.path);
  if (!first) return null;
  const head = declared(first.value);
  if (!head) return null;
  const body = first.parentPath; // the statement list
  const list: Node[] = body.value;
  const start = list.indexOf(first.value);
  const names = new Set([head.id]);
  const statements = [first];
  let envelopeName: string | null = isEnvelopeParse(j, head.init) ? head.id : null;
  for (let i = start + 1; envelopeName === null && i < list.length; i++) {
    const decl = declared(list[i]);
    if (!decl || !mentions(j, decl.init, names)) return null;
    statements.push(body.get(i));
    names.add(decl.id);
    if (isEnvelopeParse(j, decl.init)) envelopeName = decl.id;
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
  return j(scope)
    .find(j.Identifier, { name })
    .filter(
      (p: Node) =>
        isReference(p) && !(p.parent.value.type === "VariableDeclarator" && p.parent.value.id === p.value),
    )
    .paths();
}
