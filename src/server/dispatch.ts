/**
 * One tool call → one MCP CallToolResult, without any transport. Every
 * transport of the reference server (in-memory, Streamable HTTP, stdio) and
 * `ReferenceServer.callTool` end here.
 */
import { pathToFileURL } from "node:url";
import {
  type Action,
  deepestParam,
  invalidParamsError,
  isErrorEnvelope,
  LEGACY_OPT_IN_PARAM,
  queryTermCount,
  REQUEST_BOUNDS,
  type ResolvedRequest,
  validateRequest,
} from "../contract/index.js";
import { legacyOptInRefusal } from "../contract/version-window.js";
import {
  LEGACY_RETRIEVAL_ACTIONS,
  legacyErrorEnvelope,
  legacyRoute,
  type OddkitEnvelope,
  parseLegacyParams,
  routeTool,
  type ToolRoute,
} from "../legacy/index.js";
import {
  catalogAction,
  getAction,
  preflightAction,
  resolveAction,
  searchAction,
} from "./contract-actions.js";
import { type LegacyRanking, runLegacyAction } from "./legacy-actions.js";
import type { ActionOutcome, ServedCorpus } from "./state.js";
import { CONTRACT_TOOL_TABLE, type ServerMode, UNIFIED_TOOL } from "./tools.js";

/**
 * An MCP tool result as the real server answers it: one text item holding the pretty-printed
 * envelope; in contract and window modes a successful answer also carries the envelope as
 * `structuredContent` (what the tool's outputSchema declares).
 */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
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
  /** Minors the legacy envelope opt-in lives after N (2 or 3): with `version`, decides whether it is accepted. */
  readonly windowMinors: number;
  /** Whose ranking legacy-mode search answers with (see ReferenceServerOptions.legacyRanking). */
  readonly legacyRanking: LegacyRanking;
}

export const CONSUMER_NUDGE =
  "Tip: label your calls with ?consumer=<your-app> on the server URL (or an x-oddkit-client header) so this server can tell its callers apart.";

function toToolResult(envelope: OddkitEnvelope, isError: boolean, structured = false): ToolResult {
  const result: ToolResult = { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }] };
  // Errors stay text-only: MCP clients validate structuredContent against the outputSchema,
  // which declares the successful answer; an error envelope is flagged by isError instead.
  if (isError) result.isError = true;
  else if (structured) result.structuredContent = { ...envelope };
  return result;
}

function notImplemented(action: string): string {
  return `Action '${action}' is not implemented by the oddkit-sdk reference server, which serves retrieval only (${LEGACY_RETRIEVAL_ACTIONS.join(", ")}). Call a real oddkit server for '${action}'.`;
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

/** A call no tool of this mode answers, refused in the 0.28.x words. */
function refused(route: Exclude<ToolRoute<string>, { ok: true }>): ToolResult {
  const refusal =
    "governance" in route
      ? legacyErrorEnvelope(notImplemented(route.governance))
      : legacyErrorEnvelope(route.error, route.assistantText);
  return toToolResult(refusal, true);
}

/** How the reference server answers one contract action over the served corpus. */
type ContractHandler<A extends Action> = (
  ctx: DispatchContext,
  req: ResolvedRequest<A>,
  legacyWindow: boolean,
) => ActionOutcome;

/** One handler per action: a new action that lacks one fails to compile here. */
const CONTRACT_HANDLERS: { readonly [A in Action]: ContractHandler<A> } = {
  search: (ctx, req, window) => searchAction(ctx.served, req, window, ctx.legacyRanking),
  catalog: (ctx, req, window) => catalogAction(ctx.served, req, window),
  preflight: (ctx, req, window) => preflightAction(ctx.served, req, window),
  get: (ctx, req, window) => getAction(ctx.served, req, window),
  resolve: (ctx, req, window) => resolveAction(ctx.served, req, window),
};

function contractOutcome(ctx: DispatchContext, action: Action, args: Record<string, unknown>): ActionOutcome {
  const validation = validateRequest(action, args);
  if (!validation.ok) {
    return { result: { ...validation.error }, assistantText: validation.error.error_message, isError: true };
  }
  const legacyWindow = validation.request.legacyEnvelope;
  // The opt-in follows the server's version: accepted from N until N + window minors.
  const refusal = legacyWindow ? legacyOptInRefusal(ctx.version, { windowMinors: ctx.windowMinors }) : null;
  if (refusal !== null) {
    const error = invalidParamsError(action, [{ param: LEGACY_OPT_IN_PARAM, message: refusal }]);
    return { result: { ...error }, assistantText: error.error_message, isError: true };
  }
  // The request's action and its resolved request correlate; TypeScript cannot see that through an index.
  const handler = CONTRACT_HANDLERS[validation.request.action] as ContractHandler<Action>;
  return handler(ctx, validation.request, legacyWindow);
}

/** Why a legacy-mode request breaks REQUEST_BOUNDS (input length, query terms, nesting), or null. */
export function legacyBoundRefusal(action: string, args: Record<string, unknown>): string | null {
  const { maxInputChars, maxQueryTerms, maxParamDepth } = REQUEST_BOUNDS;
  const deep = deepestParam(args, maxParamDepth);
  if (deep !== null) return `${deep}: nested deeper than ${maxParamDepth} levels (maxParamDepth)`;
  const input = typeof args.input === "string" ? args.input.trim() : null;
  if (input === null) return null;
  if (input.length > maxInputChars)
    return `input too long: ${input.length} characters, at most ${maxInputChars} (maxInputChars)`;
  if ((action === "search" || action === "preflight") && queryTermCount(input) > maxQueryTerms)
    return `input has too many terms: ${queryTermCount(input)}, at most ${maxQueryTerms} (maxQueryTerms)`;
  return null;
}

export class Dispatcher {
  constructor(private readonly ctx: DispatchContext) {}

  call(name: string, rawArgs: unknown, meta: CallMeta = {}): ToolResult {
    const started = performance.now();
    const args =
      typeof rawArgs === "object" && rawArgs !== null && !Array.isArray(rawArgs)
        ? { ...(rawArgs as Record<string, unknown>) }
        : {};
    // Legacy mode routes by the 0.28.x tools; contract and window modes by the contract's.
    let retrieval: string;
    let outcome: ActionOutcome;
    if (this.ctx.mode === "legacy") {
      const route = legacyRoute(name, args);
      if (!route.ok) return refused(route);
      retrieval = route.action;
      if (route.action === "version") {
        outcome = versionOutcome(this.ctx);
      } else {
        // The 0.28 shapes, but the same request bounds: a 1 MB query must not reach the legacy search either.
        const refusal = legacyBoundRefusal(route.action, args);
        if (refusal) return toToolResult(legacyErrorEnvelope(refusal), true);
        const parsed = parseLegacyParams(name, route.action, args);
        if (!parsed.ok) return toToolResult(legacyErrorEnvelope(parsed.error), true);
        outcome = runLegacyAction(this.ctx.served, route.action, parsed.params, this.ctx.legacyRanking);
      }
    } else {
      const route = routeTool(name, args, CONTRACT_TOOL_TABLE);
      if (!route.ok) return refused(route);
      retrieval = route.action;
      if (route.action === "version") {
        outcome = versionOutcome(this.ctx);
      } else {
        if (name === UNIFIED_TOOL) delete args.action;
        outcome = contractOutcome(this.ctx, route.action, args);
      }
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
    return toToolResult(envelope, outcome.isError || isErrorEnvelope(outcome.result), true);
  }
}
