/**
 * The representative request set of the conformance suite: every action,
 * every flag combination within its cap, each forbidden flag, over-cap
 * limits, the structural filters (journals included), unfiltered lists and
 * pagination, and the legacy opt-in. Each request names the checks it
 * exercises, so a check nobody exercised is reported not-applicable.
 */
import {
  ACTION_SPECS,
  ACTIONS,
  type Action,
  type CheckId,
  effectiveCap,
  FLAG_CAPS,
  FLAGS,
  type Flag,
  isManyAction,
  KINDS,
  LEGACY_OPT_IN_PARAM,
  MANY_ACTIONS,
  NO_FLAG_CAP,
  permittedFlags,
} from "../contract/index.js";

export interface SuiteRequest {
  /** Stable, readable identifier, e.g. `catalog:flags=blockquote+metadata`. */
  readonly id: string;
  readonly action: Action;
  /** Wire arguments exactly as sent. */
  readonly params: Record<string, unknown>;
  readonly exercises: readonly CheckId[];
}

/** What the request set needs to know about the knowledge base. */
export interface SuiteHints {
  /** A search query that matches something. */
  readonly query: string;
  /** A preflight task. */
  readonly task: string;
  /** A URI `get` can serve. */
  readonly getUri: string;
  /** A URI to `resolve` (ideally one with a superseded_by chain). */
  readonly resolveUri: string;
  /** Ground truth is available: filters, totals and kinds are checked exactly (check 9 always applies). */
  readonly groundTruth: boolean;
}

/** Every subset of a list, the empty one first, in canonical order. */
export function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [[]];
  for (const item of items) for (const s of [...out]) out.push([...s, item]);
  return out.sort((a, b) => a.length - b.length);
}

function baseParams(action: Action, hints: SuiteHints): Record<string, unknown> {
  const input = ACTION_SPECS[action].input;
  if (input === null) return {};
  const value = input.name === "query" ? hints.query : input.name === "task" ? hints.task : hints.getUri;
  return { input: action === "resolve" ? hints.resolveUri : value };
}

const label = (flags: readonly string[]) => (flags.length ? flags.join("+") : "none");

export function buildRequestSet(hints: SuiteHints): SuiteRequest[] {
  const out: SuiteRequest[] = [];
  const add = (id: string, action: Action, params: Record<string, unknown>, exercises: CheckId[]) =>
    out.push({ id, action, params, exercises });
  const kindCheck = (flags: readonly Flag[]): CheckId[] =>
    hints.groundTruth || flags.includes("metadata") ? [9] : [];

  for (const action of MANY_ACTIONS) {
    const base = baseParams(action, hints);
    // Unfiltered, default disclosure: the floor plus native fields, default kinds only.
    add(`${action}:default`, action, base, [1, 2, 3, 4, 5, 8, 10, ...kindCheck([])]);
    add(`${action}:disclosure=[]`, action, { ...base, disclosure: [] }, [1, 3, 5, 8, 10]);
    for (const flags of subsets(permittedFlags(action))) {
      const cap = effectiveCap(flags).max;
      const disclosure = { disclosure: flags };
      if (flags.length > 0) {
        add(`${action}:flags=${label(flags)} limit=${cap}`, action, { ...base, ...disclosure, limit: cap }, [
          1,
          3,
          5,
          8,
          10,
          ...kindCheck(flags),
        ]);
      }
      add(
        `${action}:flags=${label(flags)} limit=${cap + 1} (over cap)`,
        action,
        {
          ...base,
          ...disclosure,
          limit: cap + 1,
        },
        [7],
      );
    }
    // Forbidden flags (body on a query-shaped action): alone and beside a permitted one; then a made-up flag.
    const permitted = permittedFlags(action);
    for (const flag of FLAGS.filter((f) => !permitted.includes(f))) {
      add(`${action}:flags=${flag} (forbidden)`, action, { ...base, disclosure: [flag] }, [5, 6]);
      const pair = [permitted[0]!, flag];
      add(`${action}:flags=${label(pair)} (forbidden)`, action, { ...base, disclosure: pair }, [5, 6]);
    }
    add(`${action}:flags=full_text (unknown flag)`, action, { ...base, disclosure: ["full_text"] }, [6]);
    // Filters on every query-shaped action: journals only with an explicit include.
    add(
      `${action}:include=journals`,
      action,
      { ...base, include: "journals", disclosure: ["metadata"], limit: FLAG_CAPS.metadata },
      [1, 2, 3, 8, 9],
    );
    add(
      `${action}:audience=public exposure=public`,
      action,
      { ...base, audience: "public", exposure: "public" },
      [1, 2, 3],
    );
  }

  // Catalog: the filters of the reference use cases and the kind-set algebra.
  const catalogFilters: [string, Record<string, unknown>, CheckId[]][] = [
    [
      "essays index",
      { audience: "public", exposure: "public", disclosure: ["blockquote"], limit: 100 },
      [1, 2, 3],
    ],
    [
      "canon governance",
      { audience: "canon", tier: [1, 2], disclosure: ["metadata"], limit: FLAG_CAPS.metadata },
      [1, 2, 3, 9],
    ],
    ["notebook prefix", { path_prefix: "writings/", disclosure: ["blockquote"], limit: 100 }, [1, 2, 3]],
    [
      "session history",
      { include: "journals", path_prefix: "odd/handoffs/", disclosure: ["blockquote"] },
      [2, 3, 8],
    ],
    [
      "start-here carousel",
      { start_here: true, exposure: "public", disclosure: ["blockquote"], limit: 12 },
      [2, 3],
    ],
    ["public flag", { public: true, limit: NO_FLAG_CAP }, [2, 3]],
    ["include journals+apocrypha", { include: ["journals", "apocrypha"], limit: NO_FLAG_CAP }, [2, 3, 8]],
    [
      "include canon (frontmatter kind wins)",
      { include: "canon", disclosure: ["metadata"], limit: FLAG_CAPS.metadata },
      [2, 3, 9],
    ],
    ["exclude essays", { exclude: "essays", limit: NO_FLAG_CAP }, [2, 3, 8]],
    [
      "include all, exclude journals",
      { include: [...KINDS], exclude: "journals", limit: NO_FLAG_CAP },
      [2, 3, 8],
    ],
    ["sort_by date", { sort_by: "date", limit: FLAG_CAPS.metadata, disclosure: ["metadata"] }, [1, 3, 10]],
    ["unfiltered page 1 at limit 500", { limit: NO_FLAG_CAP }, [2, 3, 8, 10]],
    ["unfiltered page 2 at limit 500", { limit: NO_FLAG_CAP, offset: NO_FLAG_CAP }, [2, 3, 8, 10]],
    ["unfiltered offset past the end", { limit: 10, offset: 100_000 }, [3]],
  ];
  for (const [name, params, checks] of catalogFilters) add(`catalog:${name}`, "catalog", params, checks);

  // get and resolve: the default (body) and every flag combination (each is within the cap of 1).
  for (const action of ACTIONS.filter((a) => !isManyAction(a))) {
    const base = baseParams(action, hints);
    add(`${action}:default`, action, base, [1, 4, 10]);
    for (const flags of subsets(permittedFlags(action)).filter((s) => s.length > 0)) {
      add(`${action}:flags=${label(flags)}`, action, { ...base, disclosure: flags }, [1, 4, 10]);
    }
  }

  // The deprecation window's opt-in: legacy fields may ride beside the contract ones, body never on listings.
  const optIn = { [LEGACY_OPT_IN_PARAM]: true };
  add(`catalog:${LEGACY_OPT_IN_PARAM}`, "catalog", { ...optIn, limit: 100 }, [1, 5]);
  add(`search:${LEGACY_OPT_IN_PARAM}`, "search", { input: hints.query, ...optIn }, [1, 5]);
  add(`get:${LEGACY_OPT_IN_PARAM}`, "get", { input: hints.getUri, ...optIn }, [1, 10]);
  return out;
}
