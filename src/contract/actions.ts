/**
 * The action table of the contract: many/one, default disclosure, permitted
 * flags, whether filters apply, and the action-native fields each entry
 * carries outside the disclosure axis. Everything else reads from here.
 */
import { type Action, FLAGS, type Flag } from "./enums.js";

export interface ActionSpec {
  /** Many results (`data[]`, `total`, `limit`, `offset`) or one (`data`). */
  readonly many: boolean;
  /** Declared default of `disclosure` (also the JSON Schema `default`). */
  readonly defaultDisclosure: readonly Flag[];
  readonly permittedFlags: readonly Flag[];
  /** Structural filters are accepted (query-shaped actions only). */
  readonly filters: boolean;
  /** The friendly client-side name of the `input` wire parameter, if the action takes one. */
  readonly input: { readonly name: "query" | "uri" | "task"; readonly required: boolean } | null;
}

/** Query-shaped actions permit every flag but `body` (full bodies come from get/resolve only). */
const LISTING_FLAGS = ["blockquote", "metadata", "summary"] as const satisfies readonly Flag[];
const ALL_FLAGS = FLAGS;

export const ACTION_SPECS = {
  search: {
    many: true,
    defaultDisclosure: [],
    permittedFlags: LISTING_FLAGS,
    filters: true,
    input: { name: "query", required: true },
  },
  catalog: {
    many: true,
    defaultDisclosure: [],
    permittedFlags: LISTING_FLAGS,
    filters: true,
    input: null,
  },
  preflight: {
    many: true,
    defaultDisclosure: [],
    permittedFlags: LISTING_FLAGS,
    filters: true,
    input: { name: "task", required: true },
  },
  get: {
    many: false,
    defaultDisclosure: ["body"],
    permittedFlags: ALL_FLAGS,
    filters: false,
    input: { name: "uri", required: true },
  },
  resolve: {
    many: false,
    defaultDisclosure: ["body"],
    permittedFlags: ALL_FLAGS,
    filters: false,
    input: { name: "uri", required: true },
  },
} as const satisfies Record<Action, ActionSpec>;

export type ActionSpecs = typeof ACTION_SPECS;
export type ManyAction = { [A in Action]: ActionSpecs[A]["many"] extends true ? A : never }[Action];
export type OneAction = Exclude<Action, ManyAction>;
export type PermittedFlag<A extends Action> = ActionSpecs[A]["permittedFlags"][number];
export type DefaultDisclosure<A extends Action> = ActionSpecs[A]["defaultDisclosure"][number];

export const MANY_ACTIONS = (Object.keys(ACTION_SPECS) as Action[]).filter(
  (a) => ACTION_SPECS[a].many,
) as ManyAction[];

export function isManyAction(action: Action): action is ManyAction {
  return ACTION_SPECS[action].many;
}

/** Envelope (`result`) fields of the new shape, per result cardinality. */
export const MANY_RESULT_FIELDS = [
  "status",
  "data",
  "total",
  "limit",
  "offset",
  "disclosure_applied",
  "filters_applied",
] as const;
export const ONE_RESULT_FIELDS = ["status", "data", "disclosure_applied"] as const;

/** Fields that must never appear in any retrieval envelope (check 4). */
export const FORBIDDEN_ROLLUP_FIELDS = [
  "categories",
  "start_here",
  "baseline",
  "baseline_total",
  "canon",
  "overlay_count",
  "baseline_count",
] as const;
