/**
 * What the codemods know about the legacy (0.28.x) oddkit API: which of its
 * parameters have a contract equivalent, and where each legacy response
 * field went. Contract facts (actions, tool names, flags, caps, the legacy
 * window parameter) are imported from the contract core, and legacy defaults
 * from the legacy emulation (src/legacy/), never restated.
 */

import { ACTIONS, type Action, toolNameFor, UNIFIED_TOOL } from "oddkit-sdk/contract";
import { LEGACY_OPT_IN_PARAM } from "oddkit-sdk/internal";
import { getPropertyValue, isBooleanLiteral } from "./ast.js";
import type { ToolSite } from "./sites.js";

export { LEGACY_CATALOG_DEFAULT_LIMIT, LEGACY_SEARCH_MAX_HITS } from "oddkit-sdk/internal";

export function isRetrievalAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
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

/** Does the call opt into the legacy envelope (its code still reads legacy fields, on purpose)? */
export function isLegacyWindowCall(site: ToolSite): boolean {
  const value = site.args ? getPropertyValue(site.args, LEGACY_OPT_IN_PARAM) : null;
  return isBooleanLiteral(value) && value.value === true;
}

/**
 * Cheap necessary conditions, checked on the text before parsing: every
 * transform acts only on calls whose tool name is a string literal, so a file
 * without such a literal is never parsed (and stays byte-identical).
 */
const quoted = (names: readonly string[]) => new RegExp(`["'\`](${names.join("|")})["'\`]`);
export const UMBRELLA_NAME_LITERAL = quoted([UNIFIED_TOOL]);
export const ACTION_TOOL_LITERAL = quoted(ACTIONS.map(toolNameFor));
