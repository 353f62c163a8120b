/**
 * Umbrella tool → action tools: `{ name: "oddkit", arguments: { action: "get", input } }`
 * becomes `{ name: "oddkit_get", arguments: { input } }` (also inside raw
 * JSON-RPC bodies and positional wrappers `call("oddkit", { action, … })`).
 * Non-retrieval actions (orient, gate, encode, …) stay on the umbrella tool:
 * the SDK passes them through untouched. The umbrella required `input` even
 * for catalog, which takes none: it is removed there (the contract rejects it).
 */
import type { API } from "jscodeshift";
import { toolNameFor, UNIFIED_TOOL } from "oddkit-sdk/contract";
import { type Node, removeProperty } from "./lib/ast.js";
import { isRetrievalAction, UMBRELLA_NAME_LITERAL } from "./lib/legacy.js";
import { findToolSites, umbrellaAction } from "./lib/sites.js";
import { addTodo } from "./lib/todo.js";
import { defineTransform, type RewriteContext } from "./lib/transform.js";

/** The marker on an umbrella call with a computed action (the engine removes it when it routes the wrapper). */
export const COMPUTED_ACTION_TODO =
  "umbrella oddkit call with a computed action: route search/get/resolve/catalog/preflight to oddkit_<action> tools";

export const name = "umbrella-to-action-tools";

function rewrite({ j, root, log }: RewriteContext): boolean {
  let changed = false;
  for (const site of findToolSites(j, root)) {
    if (site.toolName !== UNIFIED_TOOL) continue;
    if (!site.args) {
      changed =
        addTodo(
          j,
          site.path,
          `umbrella oddkit call with non-literal arguments: route retrieval actions to the oddkit_<action> tools`,
        ) || changed;
      continue;
    }
    const action = umbrellaAction(site);
    if (action === null) {
      changed = addTodo(j, site.path, COMPUTED_ACTION_TODO) || changed;
      continue;
    }
    if (!isRetrievalAction(action)) continue;
    replaceToolName(j, site.path.value, site.nameNode, toolNameFor(action));
    removeProperty(site.args, "action");
    if (action === "catalog") removeProperty(site.args, "input");
    log.site(site.path.value, `oddkit action "${action}" → ${toolNameFor(action)}`);
    changed = true;
  }
  return changed;
}

export default defineTransform(name, (source) => UMBRELLA_NAME_LITERAL.test(source), rewrite);

/** Swap the literal holding the tool name, keeping the parser's literal flavour. */
function replaceToolName(j: API["jscodeshift"], owner: Node, nameNode: Node, tool: string): void {
  const literal = nameNode.type === "Literal" ? j.literal(tool) : j.stringLiteral(tool);
  if (owner.type === "CallExpression") {
    owner.arguments[0] = literal;
    return;
  }
  for (const prop of owner.properties) {
    if (prop.value === nameNode) prop.value = literal;
  }
}
