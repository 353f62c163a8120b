/**
 * Response envelopes of the new shape, derived from the entry schemas. The
 * outer MCP envelope (`action`, `result`, `server_time`, …) is shared with
 * the legacy server; `result` is what the contract governs.
 */
import * as z from "zod";
import { ACTION_SPECS, type ManyAction, type OneAction } from "./actions.js";
import { type Entry, entrySchema } from "./entries.js";
import { type Action, ActionSchema, FLAGS, type Flag, FlagSchema } from "./enums.js";
import { FiltersAppliedSchema } from "./filters.js";
import type { ResolvedRequest } from "./rules.js";

/** The outer envelope every oddkit tool result carries (JSON inside one text content item). */
export const OuterEnvelopeSchema = z.object({
  action: z.union([ActionSchema, z.string()]),
  result: z.unknown(),
  server_time: z.string().optional(),
  assistant_text: z.string().optional(),
  state: z.unknown().optional(),
  debug: z.unknown().optional(),
});
export type OuterEnvelope = z.infer<typeof OuterEnvelopeSchema>;

/**
 * The `result` envelope of search, catalog and preflight, declared once:
 * the field list (MANY_RESULT_FIELDS), the type (ManyResult) and the
 * per-disclosure validator (resultSchema) derive from it; buildManyResult
 * is typed by it. `data` is refined per action and disclosure.
 */
export const ManyResultEnvelopeSchema = z.strictObject({
  status: z.enum(["FOUND", "NO_MATCH"]),
  data: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
  disclosure_applied: z.array(FlagSchema),
  filters_applied: FiltersAppliedSchema,
});

/** The `result` envelope of get and resolve, declared once (see ManyResultEnvelopeSchema). */
export const OneResultEnvelopeSchema = z.strictObject({
  status: z.literal("FOUND"),
  data: z.record(z.string(), z.unknown()),
  disclosure_applied: z.array(FlagSchema),
});

type ManyEnvelope = z.infer<typeof ManyResultEnvelopeSchema>;
type OneEnvelope = z.infer<typeof OneResultEnvelopeSchema>;

/** Envelope fields of the new shape, per result cardinality, in wire order. */
export const MANY_RESULT_FIELDS = Object.keys(
  ManyResultEnvelopeSchema.shape,
) as readonly (keyof ManyEnvelope)[];
export const ONE_RESULT_FIELDS = Object.keys(OneResultEnvelopeSchema.shape) as readonly (keyof OneEnvelope)[];

/** An envelope with `data` typed as `D` (a homomorphic map keeps the envelope's own field types). */
type WithData<E, D> = { [K in keyof E]: K extends "data" ? D : E[K] };

/** Result of search, catalog and preflight at disclosure `F`. */
export type ManyResult<A extends ManyAction, F extends Flag = never> = WithData<ManyEnvelope, Entry<A, F>[]>;

/** Result of get and resolve at disclosure `F`. */
export type OneResult<A extends OneAction, F extends Flag = "body"> = WithData<OneEnvelope, Entry<A, F>>;

/** The successful answer of action `A` at disclosure `F`: a `ManyResult` page or a `OneResult` document. */
export type ContractResult<A extends Action, F extends Flag> = A extends ManyAction
  ? ManyResult<A, F>
  : A extends OneAction
    ? OneResult<A, F>
    : never;

export interface ResultSchemaOptions {
  /** Accept (and ignore) the legacy fields of the deprecation window beside the contract ones. */
  readonly legacyEnvelope?: boolean;
}

/**
 * The strict zod schema of a successful `result` for an action at a resolved
 * disclosure. Extra fields fail unless `legacyEnvelope` is set, in which case
 * only the fields listed in LEGACY_RESULT_FIELDS may sit beside the contract ones.
 */
export function resultSchema(
  action: Action,
  flags: readonly Flag[],
  options: ResultSchemaOptions = {},
): ResultSchema {
  const canonical = FLAGS.filter((f) => flags.includes(f));
  const key = `${action}|${canonical.join(",")}|${options.legacyEnvelope === true}`;
  let schema = resultSchemaCache.get(key);
  if (!schema) {
    schema = buildResultSchema(action, canonical, options.legacyEnvelope === true);
    resultSchemaCache.set(key, schema);
  }
  return schema;
}

// Built once per action × flag set × opt-in (at most 5 × 16 × 2): validators call this per response.
const resultSchemaCache = new Map<string, ResultSchema>();

/**
 * The schema of one `result`. Typed as a plain shape on purpose: the inferred type of the
 * many/one union widened each branch with `?: undefined` keys, a declaration that fails a
 * consumer's `tsc` with `skipLibCheck: false` (TS2344).
 */
export type ResultSchema = z.ZodObject<Record<string, z.ZodType>, z.core.$strict>;

function buildResultSchema(action: Action, flags: readonly Flag[], legacyEnvelope: boolean): ResultSchema {
  return resultSchemaAround(action, entrySchema(action, flags), legacyEnvelope);
}

/**
 * The `result` of an action around a given entry schema: one entry (`get`, `resolve`) or a page
 * of them. resultSchema passes the strict entry of one disclosure; the tools' outputSchema passes
 * the entry of any permitted disclosure (anyDisclosureEntrySchema).
 */
export function resultSchemaAround(action: Action, entry: z.ZodType, legacyEnvelope: boolean): ResultSchema {
  const shape: Record<string, z.ZodType> = ACTION_SPECS[action].many
    ? { ...ManyResultEnvelopeSchema.shape, data: z.array(entry) }
    : { ...OneResultEnvelopeSchema.shape, data: entry };
  if (!legacyEnvelope) return z.strictObject(shape);
  const legacy: Record<string, z.ZodType> = {};
  for (const key of legacyResultFields(action)) if (!(key in shape)) legacy[key] = z.unknown().optional();
  return z.strictObject({ ...shape, ...legacy });
}

/**
 * Legacy (0.28.x) `result` fields per action that may ride beside the
 * contract fields when a caller opts in with `include_legacy_envelope: true`.
 * Where a name collides (`total`, `status`), the contract's meaning wins.
 * Only the actions a 0.28.x server had are listed: an action the contract
 * added later has no legacy fields (read them through `legacyResultFields`).
 */
export const LEGACY_RESULT_FIELDS = {
  catalog: [
    "total",
    "canon",
    "baseline",
    "baseline_total",
    "categories",
    "start_here",
    "articles",
    "pagination",
  ],
  search: ["hits", "evidence", "docs_considered", "overlay_hits", "baseline_hits"],
  get: ["path", "section", "content", "content_hash", "metadata"],
  resolve: ["input_uri", "resolved", "supersession_chain", "warning"],
  preflight: ["topic", "start_here", "dod", "constraints", "docs_available"],
} as const satisfies Partial<Record<Action, readonly string[]>>;

/** The contract actions a 0.28.x server answered too (the rows of LEGACY_RESULT_FIELDS). */
export type LegacyFieldAction = keyof typeof LEGACY_RESULT_FIELDS;

/** The legacy result field names of action `A` (none for an action 0.28.x did not have). */
export type LegacyResultFieldName<A extends Action> = A extends LegacyFieldAction
  ? (typeof LEGACY_RESULT_FIELDS)[A][number]
  : never;

/** An action's legacy result fields, [] for an action 0.28.x did not have. */
export function legacyResultFields(action: Action): readonly string[] {
  return Object.hasOwn(LEGACY_RESULT_FIELDS, action) ? LEGACY_RESULT_FIELDS[action as LegacyFieldAction] : [];
}

/** The `result` of a multi-result action for a validated request and one page of entries. */
export function buildManyResult(
  req: Pick<ResolvedRequest, "limit" | "offset" | "disclosure" | "filtersApplied">,
  data: Record<string, unknown>[],
  total: number,
): ManyEnvelope {
  // Every multi-result action takes filters (ACTION_SPECS), so a resolved one always echoes them.
  if (req.filtersApplied === null) {
    throw new TypeError("buildManyResult: a multi-result request always carries filters_applied");
  }
  return {
    status: data.length > 0 ? ("FOUND" as const) : ("NO_MATCH" as const),
    data,
    total,
    limit: req.limit,
    offset: req.offset,
    disclosure_applied: req.disclosure,
    filters_applied: req.filtersApplied,
  };
}

/**
 * Window opt-in: merge an action's legacy fields (legacyResultFields) into
 * a contract result, never overwriting a contract field.
 */
export function mergeLegacyFields(
  action: Action,
  result: Record<string, unknown>,
  legacy: object,
): Record<string, unknown> {
  const out = { ...result };
  const source = legacy as Record<string, unknown>;
  for (const key of legacyResultFields(action)) {
    if (!(key in out) && source[key] !== undefined) out[key] = source[key];
  }
  return out;
}
