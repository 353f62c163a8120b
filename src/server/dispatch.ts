/**
 * One tool call → one MCP CallToolResult, without any transport. Every
 * transport of the reference server (in-memory, Streamable HTTP, stdio) and
 * `ReferenceServer.callTool` end here.
 */
import { pathToFileURL } from "node:url";
import { type Action, invalidParamsError, isErrorEnvelope, validateRequest } from "../contract/index.js";
import {
  isLegacyRetrievalAction,
  LEGACY_ACTIONS,
  type LegacyCallParams,
  type LegacyRetrievalAction,
  LegacyToolParamsSchemas,
  LegacyUnifiedParamsSchema,
  legacyErrorEnvelope,
  type OddkitEnvelope,
} from "../legacy/index.js";
import {
  catalogAction,
  getAction,
  preflightAction,
  resolveAction,
  searchAction,
} from "./contract-actions.js";
import { runLegacyAction } from "./legacy-actions.js";
import type { ActionOutcome, ServedCorpus } from "./state.js";
import { type ServerMode, TOOL_ACTIONS, UNIFIED_TOOL } from "./tools.js";

/** An MCP tool result as the real server answers it: one text item holding the pretty-printed envelope. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  isError?: boolean;
}

export interface CallMeta {
  /** The caller's `?consumer=` label (or `x-oddkit-client` header); absent → a nudge in assistant_text. */
  readonly consumer?: string | null;
}

export interface DispatchContext {
  readonly served: ServedCorpus;
  readonly mode: ServerMode;
  readonly version: string;
}

export const CONSUMER_NUDGE =
  "Tip: label your calls with ?consumer=<your-app> on the server URL (or an x-oddkit-client header) so this server can tell its callers apart.";

function toToolResult(envelope: OddkitEnvelope, isError: boolean): ToolResult {
  const result: ToolResult = { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }] };
  if (isError) result.isError = true;
  return result;
}

function notImplemented(action: string): string {
  return `Action '${action}' is not implemented by the oddkit-sdk reference server, which serves retrieval only (search, get, resolve, catalog, preflight, version). Call a real oddkit server for '${action}'.`;
}

function unknownTool(name: string): string {
  return `Unknown tool: ${name}. Tools: ${[UNIFIED_TOOL, ...Object.keys(TOOL_ACTIONS)].join(", ")}.`;
}

function baselineUrl(root: string): string {
  return root ? pathToFileURL(root).href : "memory://corpus";
}

function versionOutcome(ctx: DispatchContext): ActionOutcome {
  const revision = ctx.served.corpus.revision;
  const base = { server_version: ctx.version, knowledge_base_revision: revision };
  const result =
    ctx.mode === "legacy"
      ? { oddkit_version: ctx.version, baseline_url: baselineUrl(ctx.served.corpus.root), ...base }
      : base;
  return {
    result,
    assistantText: `oddkit v${ctx.version} (knowledge base revision ${revision.slice(0, 12)})`,
    isError: false,
  };
}

function contractOutcome(ctx: DispatchContext, action: Action, args: Record<string, unknown>): ActionOutcome {
  const validation = validateRequest(action, args);
  if (!validation.ok) {
    return { result: { ...validation.error }, assistantText: validation.error.error_message, isError: true };
  }
  const legacyWindow = validation.request.legacyEnvelope;
  if (legacyWindow && ctx.mode === "contract") {
    const error = invalidParamsError(action, [
      {
        param: "include_legacy_envelope",
        message:
          "this server runs in contract mode, which serves the new shape only; start it with --mode window to receive the legacy fields",
      },
    ]);
    return { result: { ...error }, assistantText: error.error_message, isError: true };
  }
  const { served } = ctx;
  switch (validation.request.action) {
    case "search":
      return searchAction(served, validation.request as never, legacyWindow);
    case "catalog":
      return catalogAction(served, validation.request as never, legacyWindow);
    case "preflight":
      return preflightAction(served, validation.request as never, legacyWindow);
    case "get":
      return getAction(served, validation.request as never, legacyWindow);
    case "resolve":
      return resolveAction(served, validation.request as never, legacyWindow);
  }
}

function issuesText(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((i) => `${i.path.map(String).join(".") || "(arguments)"}: ${i.message}`).join("; ");
}

/** Parse legacy arguments as the 0.28.x tool schemas do (unknown keys dropped, as its zod objects did). */
function legacyParams(
  name: string,
  action: LegacyRetrievalAction,
  args: Record<string, unknown>,
  unified: boolean,
): { ok: true; params: LegacyCallParams } | { ok: false; error: string } {
  const parsed = unified
    ? LegacyUnifiedParamsSchema.safeParse(args)
    : LegacyToolParamsSchemas[action].safeParse(args);
  if (!parsed.success)
    return { ok: false, error: `Invalid arguments for tool ${name}: ${issuesText(parsed.error)}` };
  return { ok: true, params: parsed.data as LegacyCallParams };
}

export class Dispatcher {
  constructor(private readonly ctx: DispatchContext) {}

  call(name: string, rawArgs: unknown, meta: CallMeta = {}): ToolResult {
    const started = performance.now();
    const args =
      typeof rawArgs === "object" && rawArgs !== null && !Array.isArray(rawArgs)
        ? { ...(rawArgs as Record<string, unknown>) }
        : {};
    let action: string;
    if (name === UNIFIED_TOOL) {
      action = typeof args.action === "string" ? args.action : "";
      if (!(LEGACY_ACTIONS as readonly string[]).includes(action)) {
        const shown = action || "(none)";
        const valid = LEGACY_ACTIONS.join(", ");
        return toToolResult(
          legacyErrorEnvelope(
            `Unknown action: ${shown}. Valid: ${valid}`,
            `Unknown action: ${shown}. Valid actions: ${valid}`,
          ),
          true,
        );
      }
      if (!isLegacyRetrievalAction(action))
        return toToolResult(legacyErrorEnvelope(notImplemented(action)), true);
    } else {
      const mapped = TOOL_ACTIONS[name];
      if (!mapped) return toToolResult(legacyErrorEnvelope(unknownTool(name)), true);
      action = mapped;
    }
    const retrieval = action as LegacyRetrievalAction;
    let outcome: ActionOutcome;
    if (retrieval === "version") {
      outcome = versionOutcome(this.ctx);
    } else if (this.ctx.mode === "legacy") {
      const parsed = legacyParams(name, retrieval, args, name === UNIFIED_TOOL);
      if (!parsed.ok) return toToolResult(legacyErrorEnvelope(parsed.error), true);
      outcome = runLegacyAction(this.ctx.served, retrieval, parsed.params);
    } else {
      if (name === UNIFIED_TOOL) delete args.action;
      outcome = contractOutcome(this.ctx, retrieval as Action, args);
    }
    const labelled = typeof meta.consumer === "string" && meta.consumer.length > 0;
    const envelope: OddkitEnvelope = {
      action: retrieval,
      result: outcome.result,
      server_time: new Date().toISOString(),
      assistant_text: labelled ? outcome.assistantText : `${outcome.assistantText}\n\n${CONSUMER_NUDGE}`,
      debug: {
        mode: this.ctx.mode,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        search_index_size: this.ctx.served.index.size,
      },
    };
    if (this.ctx.mode === "legacy") {
      // The 0.28.x server stamps server_time after the handler's fields.
      const { server_time, ...rest } = envelope;
      return toToolResult({ ...rest, server_time }, outcome.isError);
    }
    return toToolResult(envelope, outcome.isError || isErrorEnvelope(outcome.result));
  }
}
