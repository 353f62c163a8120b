/**
 * The backward shim (old code, new server): `createLegacyCompat(client)`
 * offers the 0.28.x call surface — the unified `oddkit` tool with `action`
 * and the individual `oddkit_*` tools with their legacy parameters — in the
 * MCP result shape legacy code already parses (`content[0].text`), using
 * what the server's era offers:
 *
 * - pre-contract: the server speaks legacy; the call goes straight through;
 * - window: the server still builds the legacy envelope; one contract call
 *   with `include_legacy_envelope: true` returns it (./window-envelope.ts);
 * - post-window: the envelope is synthesised from contract calls
 *   (./synthesize.ts), the one path that costs many calls.
 *
 * Each call is a legacy use: it is reported through the deprecation tracker,
 * once per call site, naming the codemod that rewrites it.
 */

import { UNIFIED_TOOL, VERSION_TOOL } from "../../contract/index.js";
import { legacyErrorEnvelope } from "../../legacy/envelope.js";
import {
  LEGACY_RETRIEVAL_ACTIONS,
  LEGACY_TOOLS,
  type LegacyCallParams,
  type LegacyRetrievalAction,
  legacyRoute,
  parseLegacyParams,
} from "../../legacy/params.js";
import type { LegacyUseKind } from "../codemods.js";
import { type DeprecationOptions, DeprecationTracker, type LegacyUse } from "../deprecation.js";
import { type DetectEraOptions, detectEraFrom, type Era } from "../era.js";
import type { ToolCaller } from "../forward/legacy-caller.js";
import { ContractView, type ContractViewOptions } from "./contract-view.js";
import { type CallDifference, callDifferences } from "./differences.js";
import type { DerivedPath } from "./paths.js";
import {
  type Synthesis,
  synthesizeCatalog,
  synthesizeGet,
  synthesizePreflight,
  synthesizeResolve,
  synthesizeSearch,
  synthesizeVersion,
} from "./synthesize.js";
import { windowEnvelope } from "./window-envelope.js";

/** What the compat needs of a client: `callTool` (the typed client has it), optionally its version probes. */
export interface CompatTarget {
  callTool: ToolCaller;
  serverInfo?: () => Promise<{ name: string; version: string }>;
}

export interface LegacyCompatOptions extends ContractViewOptions, DeprecationOptions {
  /** Contract landing version N / explicit era for the default policy (see detectEra). */
  readonly era?: DetectEraOptions;
}

/** The MCP tool result legacy code parses: one text item with the pretty-printed envelope. */
export interface LegacyToolResult {
  content: { type: "text"; text: string }[];
  isError?: boolean;
}

export interface LegacyEnvelopeOut {
  action: string;
  result: unknown;
  server_time: string;
  assistant_text: string;
  /** On error envelopes: `{ generated_at }`. */
  debug?: Record<string, unknown>;
}

/** Individual legacy tool name → action (the legacy module's one table). */
export { LEGACY_TOOLS };

/** Parameters that exist only in the legacy API (the legacy-params codemod rewrites them). */
export const LEGACY_ONLY_PARAMS = [
  "include_metadata",
  "include_full_baseline",
  "result_grouping",
  "section",
  "filter_epoch",
  "context",
  "mode",
  "state",
  "include_governance_details",
] as const;

export interface LegacyCompat {
  /** MCP-style call: `callTool(name, args)` or `callTool({ name, arguments })`. */
  callTool(
    nameOrRequest: string | { name: string; arguments?: Record<string, unknown> },
    args?: Record<string, unknown>,
  ): Promise<LegacyToolResult>;
  /**
   * The same call, returning the parsed legacy envelope. `callSite` names
   * where the call came from when the stack cannot (e.g. a consumer label
   * for calls arriving over HTTP).
   */
  call(
    name: string,
    args?: Record<string, unknown>,
    options?: { callSite?: string },
  ): Promise<LegacyEnvelopeOut>;
  /** The server's era as detected (undefined before the first call). */
  era(): Promise<Era>;
  readonly deprecations: DeprecationTracker;
  /** How the last call was answered and the server calls it made (era detection excluded). */
  readonly lastCall: CompatCallRecord | undefined;
  /** Paths of repository documents the shim derived rather than confirmed (post-window; see LEGACY_COMPAT_DIFFERENCES). */
  derivedPaths(): readonly DerivedPath[];
}

/** How one legacy call was answered. */
export type CompatPath = "passthrough" | "window" | "synthesised" | "refused";

export interface CompatCallRecord {
  readonly path: CompatPath;
  /** Server tool calls made for this legacy call (0 when caches answered). */
  readonly serverCalls: number;
  /**
   * Fields of this answer the shim could not rebuild exactly from contract answers, with the
   * documents concerned (post-window synthesis only; a window or passthrough answer is the
   * server's own envelope and has none).
   */
  readonly differences: readonly CallDifference[];
}

/** The legacy error envelope (`action: "error"`, `result.error`, no debug), as the 0.28.x server sends it. */
function legacyError(message: string, assistantText: string = message): LegacyEnvelopeOut {
  return legacyErrorEnvelope(message, assistantText) as LegacyEnvelopeOut;
}

/** The legacy uses one call makes (umbrella tool, fat catalog, legacy-only params, legacy response shape). */
export function legacyUsesOf(name: string, action: string, args: Record<string, unknown>): LegacyUse[] {
  const uses: LegacyUse[] = [];
  const use = (kind: LegacyUseKind, detail: string) => uses.push({ kind, tool: name, action, detail });
  if (name === UNIFIED_TOOL) use("umbrella-tool", `umbrella tool oddkit with action "${action}"`);
  if (action === "catalog") {
    use("fat-catalog", "legacy catalog (every document with full frontmatter, tag rollups, start_here)");
  }
  const legacyParams = LEGACY_ONLY_PARAMS.filter((p) => args[p] !== undefined);
  if (legacyParams.length > 0)
    use("legacy-params", `legacy parameter${legacyParams.length > 1 ? "s" : ""} ${legacyParams.join(", ")}`);
  if (uses.length === 0) use("legacy-response", `legacy ${action} envelope read from the response`);
  return uses;
}

export function createLegacyCompat(target: CompatTarget, options: LegacyCompatOptions = {}): LegacyCompat {
  const view = new ContractView(options);
  const deprecations = new DeprecationTracker(options);
  let serverCalls = 0;
  const call = (name: string, args: Record<string, unknown>) => {
    serverCalls++;
    return target.callTool(name, args);
  };
  let eraPromise: Promise<Era> | null = null;
  let lastCall: CompatCallRecord | undefined;

  const era = () => {
    eraPromise ??= (async () => {
      if (options.era?.override) return options.era.override;
      const version = (await call(VERSION_TOOL, {})).envelope as {
        result?: { server_version?: string; oddkit_version?: string };
      };
      const info = target.serverInfo ? await target.serverInfo().catch(() => undefined) : undefined;
      return detectEraFrom(
        {
          oddkitVersion: version?.result?.server_version ?? version?.result?.oddkit_version,
          serverInfoVersion: info?.version,
        },
        options.era,
      );
    })();
    return eraPromise.then((e) => {
      deprecations.setEra(e);
      return e;
    });
  };

  /** One synthesis per legacy action: a new action that lacks one fails to compile here. */
  const synthesizers: Readonly<
    Record<LegacyRetrievalAction, (params: LegacyCallParams) => Promise<Synthesis>>
  > = {
    catalog: (params) => synthesizeCatalog(call, view, params),
    search: (params) => synthesizeSearch(call, view, params),
    get: (params) => synthesizeGet(call, view, params),
    resolve: (params) => synthesizeResolve(call, view, params),
    preflight: (params) => synthesizePreflight(call, view, params),
    version: () => synthesizeVersion(call),
  };
  const synthesize = (action: LegacyRetrievalAction, params: LegacyCallParams): Promise<Synthesis> =>
    synthesizers[action](params);

  async function run(
    name: string,
    args: Record<string, unknown>,
    callSite: string,
  ): Promise<LegacyEnvelopeOut> {
    const started = performance.now();
    const route = legacyRoute(name, args);
    if (!route.ok) {
      lastCall = { path: "refused", serverCalls: 0, differences: [] };
      if ("governance" in route) {
        const action = route.governance;
        const answered = `${LEGACY_RETRIEVAL_ACTIONS.slice(0, -1).join(", ")} and ${LEGACY_RETRIEVAL_ACTIONS.at(-1)}`;
        return legacyError(
          `Action '${action}' is not a retrieval action; the legacy compat shim answers ${answered}. Call '${action}' on the server directly.`,
        );
      }
      return legacyError(route.error, route.assistantText);
    }
    const { action } = route;
    const parsed = parseLegacyParams(name, action, args);
    const current = await era();
    for (const use of legacyUsesOf(name, action, args)) deprecations.record(use, callSite);
    if (!parsed.ok) {
      lastCall = { path: "refused", serverCalls: 0, differences: [] };
      return legacyError(parsed.error);
    }
    const before = serverCalls;
    if (current === "pre-contract") {
      // The server speaks legacy: its envelope, untouched.
      const answer = await call(name, args);
      lastCall = { path: "passthrough", serverCalls: serverCalls - before, differences: [] };
      return answer.envelope as LegacyEnvelopeOut;
    }
    const windowed = current === "window" ? await windowEnvelope(call, action, parsed.params) : null;
    const synthesis = windowed ?? (await synthesize(action, parsed.params));
    lastCall = {
      path: windowed ? "window" : "synthesised",
      serverCalls: serverCalls - before,
      differences: windowed
        ? []
        : callDifferences(action, synthesis.result, view.derivedPaths(), parsed.params.input),
    };
    // Key order as the 0.28.x server writes it (server_time last).
    return {
      action,
      result: synthesis.result,
      assistant_text: synthesis.assistantText,
      debug: {
        mode: "legacy-compat",
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        search_index_size: synthesis.indexSize,
      },
      server_time: new Date().toISOString(),
    };
  }

  const compat: LegacyCompat = {
    deprecations,
    era,
    get lastCall() {
      return lastCall;
    },
    derivedPaths: () => view.derivedPaths(),
    call(name, args = {}, callOptions = {}) {
      return run(name, args, callOptions.callSite ?? deprecations.captureCallSite());
    },
    async callTool(nameOrRequest, args) {
      const callSite = deprecations.captureCallSite();
      const name = typeof nameOrRequest === "string" ? nameOrRequest : nameOrRequest.name;
      const toolArgs = (typeof nameOrRequest === "string" ? args : nameOrRequest.arguments) ?? {};
      const envelope = await run(name, toolArgs, callSite);
      const out: LegacyToolResult = { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }] };
      if (envelope.action === "error") out.isError = true;
      return out;
    },
  };
  return compat;
}
