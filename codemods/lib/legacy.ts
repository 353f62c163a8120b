/**
 * What the codemods know about the legacy (0.28.x) oddkit API: its tool
 * names, which of its parameters have a contract equivalent, and where each
 * legacy response field went. Contract facts (actions, flags, caps, legacy
 * result field lists) are imported from the contract core, never restated.
 */

import { ACTIONS, type Action, LEGACY_RESULT_FIELDS } from "../../src/contract/index.js";
import { getPropertyValue, isBooleanLiteral } from "./ast.js";
import type { ToolSite } from "./sites.js";

/** The umbrella tool: `{ action, input, … }`. */
export const UMBRELLA_TOOL = "oddkit";
export const ACTION_TOOL_PREFIX = "oddkit_";

export function isRetrievalAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

/** `oddkit_search` → `search`; null for non-retrieval tools (orient, gate, …), which stay untouched. */
export function actionOfTool(name: string): Action | null {
  if (!name.startsWith(ACTION_TOOL_PREFIX)) return null;
  const action = name.slice(ACTION_TOOL_PREFIX.length);
  return isRetrievalAction(action) ? action : null;
}

export function toolOfAction(action: Action): string {
  return `${ACTION_TOOL_PREFIX}${action}`;
}

/**
 * Legacy parameters with no contract equivalent, and what a human should do.
 * They are left in place (the contract server rejects them loudly with
 * INVALID_PARAMS) and flagged, never silently dropped.
 */
export const UNSUPPORTED_PARAMS: Readonly<Record<string, string>> = {
  filter_epoch:
    "filter_epoch has no contract equivalent; request disclosure metadata and filter on entry.metadata.epoch",
  include_full_baseline:
    "include_full_baseline has no contract equivalent; the contract serves one merged index",
  section: "section has no contract equivalent; get the body and cut the section client-side",
  context: "context has no contract equivalent on retrieval actions",
  mode: "mode has no contract equivalent on retrieval actions",
  state: "state has no contract equivalent on retrieval actions",
  include_governance_details: "include_governance_details has no contract equivalent",
};

/** `result_grouping: "merged"` was the legacy default: removing it changes nothing. */
export const RESULT_GROUPING_DEFAULT = "merged";

/** Legacy search returned at most this many hits; a call without `limit` keeps it explicitly. */
export const LEGACY_SEARCH_MAX_HITS = 5;
/** Legacy catalog `limit` default (with `sort_by`). */
export const LEGACY_CATALOG_DEFAULT_LIMIT = 10;

/** Legacy list fields of `result` that became `data`. */
export const LEGACY_LIST_FIELDS: Readonly<Partial<Record<Action, string>>> = {
  search: "hits",
  catalog: "articles",
};

/** Fields of the plain catalog (rollups) the contract forbids: no equivalent at all. */
export const FORBIDDEN_LEGACY_FIELDS = [
  "categories",
  "start_here",
  "canon",
  "baseline",
  "baseline_total",
] as const;

/** Is `field` a legacy `result` field of `action` (per the contract core's window list)? */
export function isLegacyResultField(action: Action, field: string): boolean {
  return (LEGACY_RESULT_FIELDS[action] as readonly string[]).includes(field);
}

/** The deprecation-window opt-in (a contract wire parameter). */
export const LEGACY_WINDOW_PARAM = "include_legacy_envelope";

/** Does the call opt into the legacy envelope (its code still reads legacy fields, on purpose)? */
export function isLegacyWindowCall(site: ToolSite): boolean {
  const value = site.args ? getPropertyValue(site.args, LEGACY_WINDOW_PARAM) : null;
  return isBooleanLiteral(value) && value.value === true;
}

/**
 * Cheap necessary conditions, checked on the text before parsing: every
 * transform acts only on calls whose tool name is a string literal, so a file
 * without such a literal is never parsed (and stays byte-identical).
 */
export const UMBRELLA_NAME_LITERAL = /["'`]oddkit["'`]/;
export const ACTION_TOOL_LITERAL = /["'`]oddkit_(search|get|catalog|resolve|preflight)["'`]/;
