/**
 * measureCost: in one run and on one corpus, the legacy doc-listing call
 * (fat catalog, `sort_by: "path"`, full frontmatter, every page at limit 500)
 * against each reference use case through the named helpers — bytes and
 * cl100k tokens per call, ratios; the week measured through the client cache
 * against the embedded server (week.ts), with the weekly formula beside it.
 */
import { createOddkitClient } from "../client/index.js";
import type { ClientEvent, OddkitClient } from "../client/types.js";
import { checkTokenReduction, REQUIRED_TOKEN_REDUCTION, VERSION_TOOL } from "../contract/index.js";
import { HELPERS, USE_CASE_ROWS } from "../helpers/index.js";
import { countTokens } from "../tokens.js";
import { type LegacyMeasurement, measureLegacyCall } from "./legacy.js";
import { fmt, type PolicyRow, type ProjectionInputs, projectWeek } from "./projection.js";
import { type CostTarget, type OpenCostTarget, openCostTarget } from "./target.js";
import {
  measureWeek,
  renderUseCase,
  useCaseArgument,
  WeekKnowledgeBase,
  type WeekMeasurement,
  type WeekPolicy,
} from "./week.js";

export const COST_SCHEMA_VERSION = 1;

/** Defaults: the doc-listing function's 4 calls/hour; a one-day TTL (canon changes over days); one change a day. */
export const COST_DEFAULTS = { callsPerHour: 4, ttlSeconds: 86_400, changesPerDay: 1 } as const;

export interface UseCaseInputs {
  /** Global search query (default "canon"). */
  readonly query?: string;
  /** Essay page URI (default: the median-length public essay, or the essays index's first entry). */
  readonly uri?: string;
  /** Notebook path prefix (default: the largest folder under writings/, or `writings/`). */
  readonly pathPrefix?: string;
}

export type CostOptions = CostTarget & {
  readonly callsPerHour?: number;
  readonly ttlSeconds?: number;
  readonly changesPerDay?: number;
  readonly inputs?: UseCaseInputs;
};

export interface UseCaseCost {
  readonly id: string;
  readonly title: string;
  readonly functionName: string;
  readonly action: string;
  /** The caller-supplied argument (query, URI or prefix), when the use case takes one. */
  readonly argument?: string;
  /** Server calls (pages) it took. */
  readonly calls: number;
  /** A listing collected page by page (cached as one record, tagged by a version probe). */
  readonly collection: boolean;
  readonly entries: number;
  readonly bytes: number;
  readonly tokens: number;
  /** Legacy call tokens / these tokens (null when no legacy measurement). */
  readonly ratio: number | null;
}

export interface CostReport {
  readonly schemaVersion: typeof COST_SCHEMA_VERSION;
  readonly target: string;
  readonly legacy: LegacyMeasurement;
  readonly useCases: readonly UseCaseCost[];
  /** Version probe (`oddkit_version`): the price of one revalidation. */
  readonly probe: { readonly bytes: number; readonly tokens: number };
  /** One render of each use case; the legacy site paid one whole doc-listing call per render. */
  readonly workload: {
    readonly renders: number;
    readonly legacyTokens: number | null;
    readonly contractTokens: number;
    readonly ratio: number | null;
    readonly formula: string;
  };
  readonly projection: { readonly inputs: ProjectionInputs; readonly rows: readonly PolicyRow[] } | null;
  /**
   * The contract side's week: `measured` by running the workload through the client, helpers and
   * cache against the embedded server over a simulated week (week.ts), with the formula's figure
   * beside it as a cross-check; `computed` (the formula alone) when the target is a URL, whose
   * knowledge base cannot be changed at a tempo.
   */
  readonly week: {
    readonly printed: "measured" | "computed";
    readonly rows: readonly WeekRow[];
  };
  /** Check 11: does the workload cost at least REQUIRED_TOKEN_REDUCTION times less? null when not measurable. */
  readonly check11: { readonly holds: boolean | null; readonly required: number; readonly statement: string };
}

/** One caching policy's contract week: measured at the server, and the formula's figure. */
export interface WeekRow {
  readonly policy: WeekPolicy;
  readonly label: string;
  /** What the server served over the simulated week (null when not measured). */
  readonly measured: WeekMeasurement | null;
  /** The formula's contract tokens for the week (projection.ts). */
  readonly computed: number;
  /** measured / computed − 1 (null when not measured, or the formula says 0). */
  readonly difference: number | null;
}

/** How far measured and computed weekly tokens may drift apart on the bundled corpus. */
export const WEEK_CROSS_CHECK_TOLERANCE = 0.05;

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  return value;
}

export async function measureCost(options: CostOptions = {}): Promise<CostReport> {
  const callsPerHour = nonNegative("callsPerHour", options.callsPerHour ?? COST_DEFAULTS.callsPerHour);
  const ttlSeconds = nonNegative("ttlSeconds", options.ttlSeconds ?? COST_DEFAULTS.ttlSeconds);
  const changesPerDay = nonNegative("changesPerDay", options.changesPerDay ?? COST_DEFAULTS.changesPerDay);
  const target = await openCostTarget(options);
  try {
    const legacy = await measureLegacyCall(target.legacyCaller);
    // Every call counted: the client's own accounting (text of each tool result), no cache.
    const calls: { tokens: number; bytes: number }[] = [];
    const onEvent = (event: ClientEvent) => {
      if (event.type === "call" && event.meta)
        calls.push({ tokens: event.meta.tokens ?? 0, bytes: event.meta.bytes });
    };
    const client = createOddkitClient({ ...target.clientOptions, cache: false, onEvent, countTokens });
    try {
      const inputs = { ...(await defaultInputs(client, target)), ...options.inputs };
      const useCases: UseCaseCost[] = [];
      for (const row of USE_CASE_ROWS) {
        const argument = useCaseArgument(row, inputs);
        calls.length = 0;
        let result: { data: unknown };
        try {
          result = await renderUseCase(client, row, inputs);
        } catch (error) {
          throw new Error(`use case ${row.id} (${row.functionName}) failed: ${(error as Error).message}`);
        }
        const tokens = calls.reduce((a, c) => a + c.tokens, 0);
        useCases.push({
          id: row.id,
          title: row.title,
          functionName: row.functionName,
          action: row.action,
          ...(argument === undefined ? {} : { argument }),
          calls: calls.length,
          collection: row.paginate === true,
          entries: Array.isArray(result.data) ? result.data.length : 1,
          bytes: calls.reduce((a, c) => a + c.bytes, 0),
          tokens,
          ratio: legacy.available && tokens > 0 ? legacy.tokens / tokens : null,
        });
      }
      const probeResult = await client.callTool(VERSION_TOOL, {});
      const probe = { bytes: probeResult.meta.bytes, tokens: probeResult.meta.tokens ?? 0 };
      const rates = { callsPerHour, ttlSeconds, changesPerDay };
      const weeks = new Map<WeekPolicy, WeekMeasurement>();
      if (target.corpus) {
        // The three weeks see the same knowledge-base states: their servers are built once.
        const knowledgeBase = new WeekKnowledgeBase(target.corpus);
        try {
          for (const policy of ["no-cache", "ttl", "revalidate"] as const) {
            weeks.set(
              policy,
              await measureWeek({
                corpus: target.corpus,
                policy,
                ...rates,
                inputs,
                countTokens,
                knowledgeBase,
              }),
            );
          }
        } finally {
          await knowledgeBase.close();
        }
      }
      return assemble(target.label, legacy, useCases, probe, rates, weeks);
    } finally {
      await client.close();
    }
  } finally {
    await target.close();
  }
}

function assemble(
  label: string,
  legacy: LegacyMeasurement,
  useCases: UseCaseCost[],
  probe: { bytes: number; tokens: number },
  rates: Omit<ProjectionInputs, "probeTokens">,
  weeks: ReadonlyMap<WeekPolicy, WeekMeasurement>,
): CostReport {
  const renders = useCases.length;
  const contractTokens = useCases.reduce((a, u) => a + u.tokens, 0);
  const legacyTokens = legacy.available ? renders * legacy.tokens : null;
  const ratio = legacyTokens === null || contractTokens === 0 ? null : legacyTokens / contractTokens;
  const formula = legacy.available
    ? `${renders} renders × ${fmt(legacy.tokens)} legacy tokens = ${fmt(legacyTokens ?? 0)} vs ${useCases.map((u) => fmt(u.tokens)).join(" + ")} = ${fmt(contractTokens)}`
    : `legacy call not measurable; contract workload ${fmt(contractTokens)} tokens`;
  const fetchProbes = useCases.reduce((n, u) => n + (u.collection ? (u.calls > 1 ? 2 : 1) : 0), 0);
  const inputs: ProjectionInputs = { ...rates, probeTokens: probe.tokens, fetchProbes };
  // The contract side's arithmetic does not need the legacy call: 0 stands in for it here.
  const formulaRows = projectWeek(
    legacy.available ? legacy.tokens : 0,
    useCases.map((u) => u.tokens),
    inputs,
  );
  const projection = legacy.available ? { inputs, rows: formulaRows } : null;
  const week = {
    printed: weeks.size > 0 ? ("measured" as const) : ("computed" as const),
    rows: formulaRows.map((row): WeekRow => {
      const measured = weeks.get(row.policy) ?? null;
      const computed = row.contract.tokens;
      return {
        policy: row.policy,
        label: row.label,
        measured,
        computed,
        difference: measured === null || computed === 0 ? null : measured.served.tokens / computed - 1,
      };
    }),
  };
  // Judged by the contract's check 11 (ratio > 0: checkTokenReduction refuses a legacy total of 0).
  const holds =
    legacyTokens === null || ratio === null
      ? null
      : ratio > 0 && checkTokenReduction(legacyTokens, contractTokens).length === 0;
  const statement =
    ratio === null
      ? `Check 11 cannot be judged: ${legacy.available ? "the contract workload cost nothing" : legacy.reason}`
      : `Check 11 ${holds ? "HOLDS" : "FAILS"}: the reference workload costs ${ratio.toFixed(1)}× less than the legacy call (needs ≥ ${REQUIRED_TOKEN_REDUCTION}×).`;
  return {
    schemaVersion: COST_SCHEMA_VERSION,
    target: label,
    legacy,
    useCases,
    probe,
    workload: { renders, legacyTokens, contractTokens, ratio, formula },
    projection,
    week,
    check11: { holds, required: REQUIRED_TOKEN_REDUCTION, statement },
  };
}

/** Representative arguments for the use cases that take one, chosen from the corpus when it is known. */
async function defaultInputs(
  client: OddkitClient,
  target: Pick<OpenCostTarget, "corpus">,
): Promise<Required<UseCaseInputs>> {
  const query = "canon";
  const corpus = target.corpus;
  if (corpus) {
    const essays = corpus.documents
      .filter(
        (d) =>
          d.kind === "essays" && d.frontmatter.audience === "public" && d.frontmatter.exposure === "public",
      )
      .sort((a, b) => a.body.length - b.body.length);
    const median = essays[Math.floor(essays.length / 2)] ?? corpus.documents[0];
    const folders = new Map<string, number>();
    for (const d of corpus.documents) {
      const m = /^(writings\/[^/]+\/)/.exec(d.path);
      if (m) folders.set(m[1]!, (folders.get(m[1]!) ?? 0) + 1);
    }
    const largest = [...folders].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
    return { query, uri: median?.uri ?? "klappy://writings/README", pathPrefix: largest ?? "writings/" };
  }
  const index = await HELPERS.getEssaysIndex(client);
  const first = index.data[0]?.uri;
  if (first === undefined)
    throw new Error("the essays index is empty: pass --uri for the essay-page use case");
  return { query, uri: first, pathPrefix: "writings/" };
}
