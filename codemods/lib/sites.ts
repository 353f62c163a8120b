/**
 * Locating oddkit tool calls, whatever the transport:
 *
 * - a tool-call object `{ name: "oddkit_search", arguments: { … } }`: the
 *   MCP SDK's `client.callTool({...})` argument and the `params` of a raw
 *   JSON-RPC `tools/call` body (`JSON.stringify({ method: "tools/call", params })`);
 * - a positional wrapper call `callTool("oddkit_search", { … })` (tool name
 *   first, arguments object second), the shape of hand-written helpers.
 */
import type { ASTPath, Collection, JSCodeshift } from "jscodeshift";
import { type Action, actionForTool, UNIFIED_TOOL } from "oddkit-sdk/contract";
import { getProperty, getPropertyValue, type Node, staticString } from "./ast.js";
import { visitPaths } from "./find.js";

export interface ToolSite {
  /** Path of the node carrying the tool name (object literal or call). */
  readonly path: Node;
  /** The string literal node holding the tool name. */
  readonly nameNode: Node;
  readonly toolName: string;
  /** The retrieval action (null for the umbrella tool or non-retrieval tools). */
  readonly action: Action | null;
  /** The arguments object literal (null when the arguments are not a literal). */
  readonly args: Node | null;
  readonly style: "tool-object" | "positional";
}

function isOddkitToolName(name: string | null): name is string {
  return name !== null && (name === UNIFIED_TOOL || name.startsWith(`${UNIFIED_TOOL}_`));
}

export function findToolSites(j: JSCodeshift, root: Collection): ToolSite[] {
  // One walk for both shapes (each transform asks, so this runs several times per file); the order is
  // what two finds gave: every tool-call object in document order, then every positional call.
  const objects: ASTPath<Node>[] = [];
  const calls: ASTPath<Node>[] = [];
  visitPaths(j, root, {
    ObjectExpression: (path) => void objects.push(path),
    CallExpression: (path) => void calls.push(path),
  });
  const sites: ToolSite[] = [];
  for (const path of objects) {
    const nameProp = getProperty(path.value, "name");
    const argsProp = getProperty(path.value, "arguments");
    if (!nameProp || !argsProp) continue;
    const toolName = staticString(nameProp.value);
    if (!isOddkitToolName(toolName)) continue;
    const args = argsProp.value.type === "ObjectExpression" ? argsProp.value : null;
    sites.push({
      path,
      nameNode: nameProp.value,
      toolName,
      action: actionForTool(toolName),
      args,
      style: "tool-object",
    });
  }
  for (const path of calls) {
    const [first, second] = path.value.arguments;
    const toolName = staticString(first);
    if (!isOddkitToolName(toolName)) continue;
    if (second && second.type !== "ObjectExpression") continue;
    sites.push({
      path,
      nameNode: first,
      toolName,
      action: actionForTool(toolName),
      args: second ?? null,
      style: "positional",
    });
  }
  return sites;
}

/** The `action` of an umbrella call, when it is a string literal. */
export function umbrellaAction(site: ToolSite): string | null {
  return site.args ? staticString(getPropertyValue(site.args, "action")) : null;
}

/** The innermost function enclosing a path (or the program). */
export function enclosingFunction(path: Node): Node {
  let current = path.parentPath;
  while (current) {
    const t = current.value?.type;
    if (
      t === "FunctionDeclaration" ||
      t === "FunctionExpression" ||
      t === "ArrowFunctionExpression" ||
      t === "ObjectMethod" ||
      t === "ClassMethod" ||
      t === "Program"
    ) {
      return current;
    }
    current = current.parentPath;
  }
  return path;
}
