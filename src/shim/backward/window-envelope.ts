/**
 * In the deprecation window the server still builds the legacy envelope
 * itself: one contract call with `include_legacy_envelope: true` returns the
 * legacy fields beside the contract ones. The backward shim takes those
 * (in the legacy key order) instead of rebuilding the envelope from a
 * hundred contract calls. Where a legacy parameter has no contract
 * counterpart the server could honour (`filter_epoch`, `section`,
 * `result_grouping: "grouped"`), or the server answers with a contract error
 * (a miss, a cycle), this returns null and the shim synthesises instead.
 */
import { KINDS, LEGACY_OPT_IN_PARAM, LEGACY_RESULT_FIELDS, toolNameFor } from "../../contract/index.js";
import { ContractCallError } from "../../errors/index.js";
import { legacyPage } from "../../legacy/catalog.js";
import { LEGACY_INDEXED_FOLDERS } from "../../legacy/lookup.js";
import type { LegacyCallParams, LegacyRetrievalAction } from "../../legacy/params.js";
import { LEGACY_SEARCH_MAX_HITS } from "../../legacy/search.js";
import type { ToolCaller } from "../forward/legacy-caller.js";
import { callContract } from "./contract-calls.js";

export interface WindowEnvelope {
  readonly result: Record<string, unknown>;
  /** The server's own assistant text for the call (the contract text: the legacy one is not sent). */
  readonly assistantText: string;
  readonly indexSize: number;
}

/** What a legacy index holds: every kind, in its four folders. */
const LEGACY_SCOPE = { include: [...KINDS], path_prefix: [...LEGACY_INDEXED_FOLDERS] };

/** The legacy fields of a window result, in the order a 0.28.x server writes them. */
function pick(result: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (result[key] !== undefined) out[key] = result[key];
  return out;
}

function requestFor(
  action: LegacyRetrievalAction,
  params: LegacyCallParams,
): { args: Record<string, unknown>; keys: (result: Record<string, unknown>) => readonly string[] } | null {
  const input = params.input ?? "";
  switch (action) {
    case "catalog": {
      if (params.filter_epoch) return null;
      const paging = params.sort_by
        ? { sort_by: params.sort_by, ...legacyPage(params.limit, params.offset) }
        : { limit: 1 };
      return {
        args: { ...LEGACY_SCOPE, disclosure: [], ...paging },
        keys: () => LEGACY_RESULT_FIELDS.catalog,
      };
    }
    case "search": {
      if (params.result_grouping === "grouped" || input.trim() === "") return null;
      return {
        args: {
          input,
          ...LEGACY_SCOPE,
          disclosure: params.include_metadata ? ["metadata"] : [],
          limit: LEGACY_SEARCH_MAX_HITS,
        },
        // 0.28.x writes a miss as {status, docs_considered, hits}, a match as {status, hits, evidence, docs_considered}
        keys: (r) =>
          r.status === "NO_MATCH"
            ? ["status", "docs_considered", "hits"]
            : ["status", "hits", "evidence", "docs_considered"],
      };
    }
    case "get":
      if (params.section) return null;
      return {
        args: { input, disclosure: params.include_metadata ? ["metadata"] : [] },
        keys: () => LEGACY_RESULT_FIELDS.get,
      };
    case "resolve":
      return { args: { input, disclosure: [] }, keys: () => ["status", ...LEGACY_RESULT_FIELDS.resolve] };
    case "preflight":
      return { args: { input, ...LEGACY_SCOPE, disclosure: [] }, keys: () => LEGACY_RESULT_FIELDS.preflight };
    case "version":
      return null;
  }
}

/** The server's own legacy envelope for one legacy call (one contract call), or null when it cannot give it. */
export async function windowEnvelope(
  call: ToolCaller,
  action: LegacyRetrievalAction,
  params: LegacyCallParams,
): Promise<WindowEnvelope | null> {
  const request = requestFor(action, params);
  if (request === null) return null;
  const tool = toolNameFor(action as Exclude<LegacyRetrievalAction, "version">);
  let answer: Record<string, unknown>;
  let assistantText = "";
  try {
    const caller: ToolCaller = async (name, args) => {
      const got = await call(name, args);
      const envelope = got.envelope as { assistant_text?: unknown } | null;
      if (typeof envelope?.assistant_text === "string") assistantText = envelope.assistant_text;
      return got;
    };
    answer = await callContract(caller, tool, { ...request.args, [LEGACY_OPT_IN_PARAM]: true });
  } catch (error) {
    if (error instanceof ContractCallError) return null;
    throw error;
  }
  const result = pick(answer, request.keys(answer));
  // A server that sent no legacy field is not serving the window shape: synthesise.
  if (Object.keys(result).every((k) => k === "status" || k === "total")) return null;
  const indexSize =
    typeof answer.docs_considered === "number"
      ? answer.docs_considered
      : typeof answer.total === "number"
        ? answer.total
        : 0;
  return { result, assistantText, indexSize };
}
