/**
 * Weekly token projection under three caching policies, as plain arithmetic
 * over measured per-call costs. Every figure carries the formula that made
 * it, so the report shows its work.
 *
 * Model: a consumer makes `callsPerHour` calls around the clock. In the
 * legacy shape every call is the whole doc-listing call; in the contract
 * shape every call is one reference use case (spread evenly over the use
 * cases), because each render asks only for the view it shows.
 */

export const HOURS_PER_WEEK = 24 * 7;
export const SECONDS_PER_WEEK = HOURS_PER_WEEK * 3600;

export interface ProjectionInputs {
  /** Calls per hour made by the consumer (legacy: 4, the doc-listing edge function's rate). */
  readonly callsPerHour: number;
  /** TTL of the edge cache, in seconds. */
  readonly ttlSeconds: number;
  /** Knowledge-base changes per day (each one makes every cached view stale). */
  readonly changesPerDay: number;
  /** Tokens of one version probe (`oddkit_version`), the price of a revalidation. */
  readonly probeTokens: number;
  /**
   * Version probes one fetch of every use case makes besides revalidation (default 0): a listing
   * collected through the cache tags its record with one before its pages, and a multi-page one
   * checks with another after them that its pages are of one revision.
   */
  readonly fetchProbes?: number;
}

export interface PolicyFigure {
  readonly tokens: number;
  /** The arithmetic, e.g. `672 calls × 190,000`. */
  readonly formula: string;
}

export interface PolicyRow {
  readonly policy: "no-cache" | "ttl" | "revalidate";
  readonly label: string;
  readonly legacy: PolicyFigure;
  readonly contract: PolicyFigure;
  /** legacy / contract under the same policy. */
  readonly ratio: number;
  /** Today's baseline (legacy, no cache) / contract under this policy: the migration's whole win. */
  readonly vsBaseline: number;
}

export const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

/** Fetches a cached view makes in a week: one per TTL window that sees a call, never more than its calls. */
export function ttlFetches(callsPerWeek: number, ttlSeconds: number): number {
  const windows = Math.ceil(SECONDS_PER_WEEK / Math.max(1, ttlSeconds));
  return Math.min(callsPerWeek, windows);
}

/** Refetches under revision-keyed revalidation: one per change that a later call sees, never more than its calls. */
export function changeRefetches(callsPerWeek: number, changesPerDay: number): number {
  return Math.min(callsPerWeek, Math.ceil(changesPerDay * 7));
}

/**
 * @param legacyCall tokens of one legacy doc-listing call (all pages)
 * @param useCaseCalls tokens of one call of each reference use case (all pages of a paginated one)
 */
export function projectWeek(
  legacyCall: number,
  useCaseCalls: readonly number[],
  inputs: ProjectionInputs,
): PolicyRow[] {
  const { callsPerHour, ttlSeconds, changesPerDay, probeTokens } = inputs;
  const fetchProbes = inputs.fetchProbes ?? 0;
  if (useCaseCalls.length === 0) throw new Error("projectWeek: no use-case costs to project");
  for (const [name, v] of Object.entries({
    callsPerHour,
    ttlSeconds,
    changesPerDay,
    probeTokens,
    fetchProbes,
  })) {
    if (!Number.isFinite(v) || v < 0)
      throw new Error(`projectWeek: ${name} must be a non-negative number, got ${v}`);
  }
  const calls = callsPerHour * HOURS_PER_WEEK;
  const u = useCaseCalls.length;
  const perUseCase = calls / u;
  const sum = useCaseCalls.reduce((a, b) => a + b, 0);
  const mean = sum / u;

  const legacyTtl = ttlFetches(calls, ttlSeconds);
  const contractTtl = ttlFetches(perUseCase, ttlSeconds);
  const legacyChange = changeRefetches(calls, changesPerDay);
  const contractChange = changeRefetches(perUseCase, changesPerDay);

  const baseline = calls * legacyCall;
  const over = (a: number, b: number) => (b > 0 ? a / b : Number.POSITIVE_INFINITY);
  const row = (
    policy: PolicyRow["policy"],
    label: string,
    legacy: PolicyFigure,
    contract: PolicyFigure,
  ): PolicyRow => ({
    policy,
    label,
    legacy,
    contract,
    ratio: over(legacy.tokens, contract.tokens),
    vsBaseline: over(baseline, contract.tokens),
  });
  return [
    row(
      "no-cache",
      "no cache",
      { tokens: calls * legacyCall, formula: `${fmt(calls)} calls × ${fmt(legacyCall)}` },
      { tokens: calls * mean, formula: `${fmt(calls)} calls × ${fmt(mean)} (mean of ${u} use cases)` },
    ),
    row(
      "ttl",
      `TTL ${fmt(ttlSeconds)} s`,
      { tokens: legacyTtl * legacyCall, formula: `${fmt(legacyTtl)} fetches × ${fmt(legacyCall)}` },
      {
        tokens: contractTtl * (sum + fetchProbes * probeTokens),
        formula: `${fmt(contractTtl)} fetches per use case × ${fmt(sum)} (sum of ${u} use cases)${fetchProbes > 0 ? ` + ${fmt(contractTtl)} × ${fmt(fetchProbes)} listing probes × ${fmt(probeTokens)}` : ""}`,
      },
    ),
    row(
      "revalidate",
      `revision-keyed, ${changesPerDay}/day`,
      {
        tokens: calls * probeTokens + legacyChange * legacyCall,
        formula: `${fmt(calls)} probes × ${fmt(probeTokens)} + ${fmt(legacyChange)} refetches × ${fmt(legacyCall)}`,
      },
      {
        tokens: calls * probeTokens + contractChange * sum,
        formula: `${fmt(calls)} probes × ${fmt(probeTokens)} + ${fmt(contractChange)} refetches per use case × ${fmt(sum)}`,
      },
    ),
  ];
}
