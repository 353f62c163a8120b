/**
 * MCP tool names of the retrieval actions, as the oddkit server registers
 * them: one `oddkit_<action>` tool per action, the unified `oddkit` tool
 * taking `action`, and `oddkit_version`.
 */
import { ACTIONS, type Action } from "./enums.js";

export const UNIFIED_TOOL = "oddkit";
export const VERSION_TOOL = "oddkit_version";

export type ActionToolName = `oddkit_${Action}`;

export function toolNameFor<A extends Action>(action: A): `oddkit_${A}` {
  return `oddkit_${action}`;
}

/** Individual tool name → the retrieval action it runs. */
export const ACTION_TOOLS: Readonly<Record<ActionToolName, Action>> = Object.fromEntries(
  ACTIONS.map((a) => [toolNameFor(a), a]),
) as Record<ActionToolName, Action>;

/** The retrieval action an individual tool name runs, or null. */
export function actionForTool(name: string): Action | null {
  return Object.hasOwn(ACTION_TOOLS, name) ? ACTION_TOOLS[name as ActionToolName] : null;
}
