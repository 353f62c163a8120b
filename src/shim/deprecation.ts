/**
 * Deprecation tracking for legacy uses during the N→N+2 window. Modelled on
 * Stripe/Octokit: each legacy use warns once per call site (not per call),
 * naming the codemod that rewrites it; a policy turns warnings into errors
 * (the default once the server is post-window) or silences them; a hook sees
 * every use for telemetry; a per-process summary lists what is left to migrate.
 */

import { captureCallSite, INTERNAL_FRAME_PATTERNS } from "./call-site.js";
import { type CodemodName, codemodCommand, codemodFor, type LegacyUseKind } from "./codemods.js";
import type { DeprecationEvent, LegacyPolicy, LegacyUse } from "./deprecation-event.js";
import type { Era } from "./era.js";
import { LegacyUsageError } from "./legacy-usage-error.js";

export {
  type DeprecationEvent,
  LEGACY_POLICIES,
  type LegacyPolicy,
  type LegacyUse,
} from "./deprecation-event.js";

export interface LegacyUsageSummaryEntry {
  readonly kind: LegacyUseKind;
  readonly codemod: CodemodName;
  readonly tool: string;
  readonly detail: string;
  readonly callSite: string;
  readonly count: number;
}

export interface LegacyUsageSummary {
  /** Total legacy uses recorded. */
  readonly total: number;
  /** One row per (call site, kind, tool, detail), most used first. */
  readonly uses: readonly LegacyUsageSummaryEntry[];
  /** Uses per codemod: what running each codemod would remove. */
  readonly byCodemod: Readonly<Partial<Record<CodemodName, number>>>;
}

export interface DeprecationOptions {
  /** Explicit policy; default "error" once the server is post-window, "warn" otherwise. */
  readonly legacyPolicy?: LegacyPolicy;
  /** Called for every legacy use (not only the first per call site), before the policy acts. */
  readonly onDeprecation?: (event: DeprecationEvent) => void;
  /** Where warnings go (default: `process.emitWarning` when present, else `console.warn`). */
  readonly warn?: (message: string, event: DeprecationEvent) => void;
  /** Stack locations that belong to the SDK (default INTERNAL_FRAME_PATTERNS). */
  readonly internalFrames?: readonly RegExp[];
}

/** The default policy for an era: error once the window has closed, warn otherwise. */
export function defaultPolicy(era: Era | undefined): LegacyPolicy {
  return era === "post-window" ? "error" : "warn";
}

function defaultWarn(message: string): void {
  const proc = (globalThis as { process?: { emitWarning?: (m: string, o: object) => void } }).process;
  if (typeof proc?.emitWarning === "function") {
    proc.emitWarning(message, { type: "DeprecationWarning", code: "ODDKIT_LEGACY" });
  } else {
    console.warn(`DeprecationWarning: ${message}`);
  }
}

function keyOf(use: LegacyUse, callSite: string): string {
  return JSON.stringify([callSite, use.kind, use.tool, use.detail]);
}

/** Counts per (call site, use): one table per tracker and one for the whole process. */
class UsageTable {
  private readonly rows = new Map<string, { use: LegacyUse; callSite: string; count: number }>();

  add(use: LegacyUse, callSite: string): void {
    const key = keyOf(use, callSite);
    const row = this.rows.get(key);
    if (row) row.count++;
    else this.rows.set(key, { use, callSite, count: 1 });
  }

  summary(): LegacyUsageSummary {
    const uses: LegacyUsageSummaryEntry[] = [...this.rows.values()]
      .map(({ use, callSite, count }) => ({
        kind: use.kind,
        codemod: codemodFor(use.kind),
        tool: use.tool,
        detail: use.detail,
        callSite,
        count,
      }))
      .sort((a, b) => b.count - a.count || a.callSite.localeCompare(b.callSite));
    const byCodemod: Partial<Record<CodemodName, number>> = {};
    for (const u of uses) byCodemod[u.codemod] = (byCodemod[u.codemod] ?? 0) + u.count;
    return { total: uses.reduce((n, u) => n + u.count, 0), uses, byCodemod };
  }

  clear(): void {
    this.rows.clear();
  }
}

const PROCESS_TABLE_KEY = Symbol.for("oddkit-sdk.legacy-usage");
function processTable(): UsageTable {
  const g = globalThis as { [PROCESS_TABLE_KEY]?: UsageTable };
  g[PROCESS_TABLE_KEY] ??= new UsageTable();
  return g[PROCESS_TABLE_KEY];
}

/** Every legacy use recorded by any shim in this process, per call site. */
export function legacyUsageSummary(): LegacyUsageSummary {
  return processTable().summary();
}

/** Forget the process-wide record (tests, or after a deploy report). */
export function resetLegacyUsage(): void {
  processTable().clear();
}

export class DeprecationTracker {
  private readonly warnedAt = new Set<string>();
  private readonly table = new UsageTable();
  private era: Era | undefined;

  constructor(private readonly options: DeprecationOptions = {}) {}

  /** Tell the tracker the server's era (moves the default policy). */
  setEra(era: Era | undefined): void {
    this.era = era;
  }

  get policy(): LegacyPolicy {
    return this.options.legacyPolicy ?? defaultPolicy(this.era);
  }

  /**
   * Record one legacy use. Call it synchronously at the SDK entry point the
   * caller invoked, so the caller's frame is still on the stack. Throws
   * LegacyUsageError under the "error" policy.
   */
  record(use: LegacyUse, callSite: string = this.captureCallSite()): DeprecationEvent {
    const key = keyOf(use, callSite);
    const first = !this.warnedAt.has(key);
    this.warnedAt.add(key);
    const codemod = codemodFor(use.kind);
    const policy = this.policy;
    const event: DeprecationEvent = {
      ...use,
      codemod,
      callSite,
      first,
      policy,
      era: this.era,
      message: `oddkit legacy use at ${callSite}: ${use.detail} (${use.tool}${
        use.action ? ` action ${use.action}` : ""
      }). Rewrite it with: ${codemodCommand(codemod)}`,
    };
    this.table.add(use, callSite);
    processTable().add(use, callSite);
    this.options.onDeprecation?.(event);
    if (policy === "error") throw new LegacyUsageError(event);
    if (policy === "warn" && first) (this.options.warn ?? defaultWarn)(event.message, event);
    return event;
  }

  /** The caller's location now: capture it at the SDK entry point when `record` runs after an await. */
  captureCallSite(): string {
    return captureCallSite(this.options.internalFrames ?? INTERNAL_FRAME_PATTERNS);
  }

  /** Legacy uses recorded by this tracker. */
  summary(): LegacyUsageSummary {
    return this.table.summary();
  }
}
