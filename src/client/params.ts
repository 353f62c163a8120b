/**
 * Friendly client parameters ↔ wire tool arguments. The wire takes the legacy
 * parameter `input` for the query, URI or task; the client exposes it under
 * the action's friendly name (`ACTION_SPECS[action].input.name`).
 */
import {
  ACTION_SPECS,
  type Action,
  type ErrorEnvelope,
  invalidParamsError,
  toolNameFor,
  VERSION_TOOL,
} from "../contract/index.js";

/** MCP tool name of each retrieval action. */
export function toolName(action: Action | "version"): string {
  return action === "version" ? VERSION_TOOL : toolNameFor(action);
}

export type WireMapping = { ok: true; wire: Record<string, unknown> } | { ok: false; error: ErrorEnvelope };

/** Rename the friendly input to `input`; drop undefined values; refuse a raw `input` (it has a friendly name). */
export function toWireParams(action: Action, params: unknown): WireMapping {
  if (params === undefined || params === null) params = {};
  if (typeof params !== "object" || Array.isArray(params)) {
    return {
      ok: false,
      error: invalidParamsError(action, [
        { param: "(arguments)", message: "expected an object of parameters" },
      ]),
    };
  }
  const spec = ACTION_SPECS[action].input;
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (key === "input" && spec !== null) {
      return {
        ok: false,
        error: invalidParamsError(action, [
          {
            param: "input",
            message: `the typed client names this parameter '${spec.name}'; pass ${spec.name}`,
          },
        ]),
      };
    }
    if (spec !== null && key === spec.name) wire.input = value;
    else wire[key] = value;
  }
  return { ok: true, wire };
}
