/**
 * A file's own call helper that is nothing but a transport: an async
 * `callOddkit(tool, args)` posting `{ name: tool, arguments: args }` as a
 * JSON-RPC `tools/call` over one `fetch` and returning the parsed envelope.
 * A caller naming a retrieval tool (`callOddkit("oddkit_search", {…})`) is
 * then one call of that tool, which `adopt-client` can move onto the client;
 * the helper goes once nothing calls it.
 *
 * The helper must pass both parameters through untouched (each read exactly
 * once, as the tool name and as the arguments): one that adds parameters,
 * picks another tool or reads the arguments is not a transport, and its
 * callers keep it.
 */
import type { Collection, JSCodeshift } from "jscodeshift";
import { findDeclaration, getPropertyValue, type Node } from "./ast.js";
import { isReference } from "./entries.js";
import { findPaths } from "./find.js";
import type { ToolSite } from "./sites.js";

export interface WrapperTransport {
  /** The helper's name. */
  readonly name: string;
  /** Path of the helper's declaration statement. */
  readonly declaration: Node;
  /** Path of the `{ name: tool, arguments: args }` object inside its fetch (where the URL is found). */
  readonly params: Node;
}

function functionOf(path: Node): Node | null {
  const node = path.value;
  if (node.type === "FunctionDeclaration") return node;
  const init = node.init;
  return init && /Function/.test(init.type) ? init : null;
}

/** The helper a positional site calls, when it is a pure transport of the file. */
export function wrapperTransport(j: JSCodeshift, root: Collection, site: ToolSite): WrapperTransport | null {
  if (site.style !== "positional") return null;
  const callee = site.path.value.callee;
  if (callee?.type !== "Identifier" || site.path.value.arguments.length !== 2) return null;
  const declared = findDeclaration(j, root, callee.name, (init) => /Function/.test(init?.type ?? ""));
  const fn = declared ? functionOf(declared) : null;
  if (!declared || !fn?.async || fn.params.length !== 2) return null;
  const [tool, args] = fn.params;
  if (tool.type !== "Identifier" || args.type !== "Identifier") return null;
  const fetches = findPaths(j, fn.body, j.CallExpression, (n) => n.callee?.name === "fetch");
  if (fetches.length !== 1) return null;
  const objects = findPaths(j, (fetches[0] as Node).value, j.ObjectExpression, (o) => {
    const name = getPropertyValue(o, "name");
    const forwarded = getPropertyValue(o, "arguments");
    return name?.type === "Identifier" && name.name === tool.name && forwarded?.name === args.name;
  });
  if (objects.length !== 1) return null;
  for (const param of [tool.name, args.name]) {
    const reads = findPaths(j, fn.body, j.Identifier, (n) => n.name === param).filter((p: Node) =>
      isReference(p),
    );
    if (reads.length !== 1) return null;
  }
  const statement = declared.value.type === "FunctionDeclaration" ? declared : declared.parent;
  return { name: callee.name, declaration: statement, params: objects[0] };
}

/** Whether anything in the file still refers to the helper (its own declaration aside). */
export function stillCalled(j: JSCodeshift, root: Collection, wrapper: WrapperTransport): boolean {
  const own = wrapper.declaration.value;
  return (
    root
      .find(j.Identifier, { name: wrapper.name })
      .filter((p: Node) => isReference(p) && !(p.parent.value === own && own.id === p.value))
      .filter((p: Node) => !(p.parent.value.type === "VariableDeclarator" && p.parent.value.id === p.value))
      .size() > 0
  );
}
