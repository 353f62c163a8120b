/**
 * Request parameters of each action as they travel on the wire (the MCP tool
 * arguments). `input` carries the query, URI or task text, as on the legacy
 * server; the client exposes it under a friendlier name (ACTION_SPECS.input).
 */
import * as z from "zod";
import { ACTION_SPECS, type ActionSpec, type ActionSpecs } from "./actions.js";
import { DEFAULT_LIMIT, DEFAULT_OFFSET, describeCaps, queryTermCount, REQUEST_BOUNDS } from "./caps.js";
import { ACTIONS, type Action, FlagSchema, SortBySchema } from "./enums.js";
import { FilterShape } from "./filters.js";
import { LEGACY_OPT_IN_PARAM } from "./window.js";

/** The `input` text parameter, with failures that say what to pass; bounded by REQUEST_BOUNDS. */
function inputText(what: string) {
  const { maxInputChars } = REQUEST_BOUNDS;
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `required: pass ${what} as input` : `expected ${what} as a string`,
    })
    .trim()
    .min(1, { error: `must not be empty: pass ${what}` })
    .max(maxInputChars, {
      error: (issue) =>
        `too long: ${String((issue.input as string).length)} characters, at most ${maxInputChars} (maxInputChars); shorten ${what}`,
    })
    .describe(`${what.charAt(0).toUpperCase() + what.slice(1)} (at most ${maxInputChars} characters)`);
}

/** Query text (search, preflight): also at most REQUEST_BOUNDS.maxQueryTerms terms. */
function queryText(what: string) {
  const { maxQueryTerms } = REQUEST_BOUNDS;
  return inputText(what)
    .refine((text) => queryTermCount(text) <= maxQueryTerms, {
      error: (issue) =>
        `too many terms: ${queryTermCount(issue.input as string)}, at most ${maxQueryTerms} (maxQueryTerms); keep the words that matter`,
    })
    .describe(
      `${what.charAt(0).toUpperCase() + what.slice(1)} (at most ${REQUEST_BOUNDS.maxInputChars} characters and ${maxQueryTerms} terms)`,
    );
}

function disclosureSchema(action: Action) {
  return z
    .array(FlagSchema)
    .default([...ACTION_SPECS[action].defaultDisclosure])
    .describe(
      `Disclosure flags: each adds fields to every entry; uri and title are always present. Default ${JSON.stringify(
        ACTION_SPECS[action].defaultDisclosure,
      )}. Permitted on ${action}: ${ACTION_SPECS[action].permittedFlags.join(", ")}.`,
    );
}

/**
 * `limit` and `offset` stay optional in the parsed type (validateRequest
 * resolves them); their defaults are still declared in the JSON Schema
 * (`meta.default`) so that no default is a hidden convention.
 */
const limit = (action: Action) =>
  z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({
      default: DEFAULT_LIMIT,
      description: `Page size (default ${DEFAULT_LIMIT}). The smallest cap among the active disclosure flags governs the maximum (${describeCaps(ACTION_SPECS[action].permittedFlags)}); a larger limit is refused with LIMIT_EXCEEDS_FLAG_CAP, never truncated.`,
    });
const offset = z
  .number()
  .int()
  .min(0)
  .optional()
  .meta({ default: DEFAULT_OFFSET, description: `Entries to skip (default ${DEFAULT_OFFSET})` });
const legacyOptIn = z
  .boolean()
  .optional()
  .describe("Deprecation window only: also return the legacy (pre-contract) fields beside the contract ones");
const knowledgeBase = z.string().optional().describe("Knowledge base to read (server default when omitted)");

const sortBy = SortBySchema.optional().describe(
  "Ordering: path (default, alphabetical) or date (newest first, undated last)",
);

type Spec<A extends Action> = ActionSpecs[A];
type InputText = ReturnType<typeof inputText>;
/** The request shape of action `A`, column by column of its ACTION_SPECS row (the type of buildRequestSchema). */
export type RequestShape<A extends Action> = (Spec<A>["input"] extends null
  ? unknown
  : { input: InputText }) & {
  disclosure: ReturnType<typeof disclosureSchema>;
} & (Spec<A>["sortable"] extends true ? { sort_by: typeof sortBy } : unknown) &
  (Spec<A>["many"] extends true ? { limit: ReturnType<typeof limit>; offset: typeof offset } : unknown) &
  (Spec<A>["filters"] extends true ? typeof FilterShape : unknown) & {
    [LEGACY_OPT_IN_PARAM]: typeof legacyOptIn;
    knowledge_base_url: typeof knowledgeBase;
  };

/**
 * An action's wire request schema, derived from its row of ACTION_SPECS:
 * `input` when it takes one (term-bounded when it is query text), the
 * disclosure with the declared default, `sort_by` when sortable, paging
 * when it returns many, the structural filters when it takes them, then
 * the window opt-in and the knowledge base. Unknown keys are refused.
 */
function buildRequestSchema<A extends Action>(action: A): z.ZodObject<RequestShape<A>, z.core.$strict> {
  const spec: ActionSpec = ACTION_SPECS[action];
  const shape: Record<string, z.ZodType> = {};
  if (spec.input) shape.input = spec.input.terms ? queryText(spec.input.what) : inputText(spec.input.what);
  shape.disclosure = disclosureSchema(action);
  if (spec.sortable) shape.sort_by = sortBy;
  if (spec.many) Object.assign(shape, { limit: limit(action), offset });
  if (spec.filters) Object.assign(shape, FilterShape);
  Object.assign(shape, { [LEGACY_OPT_IN_PARAM]: legacyOptIn, knowledge_base_url: knowledgeBase });
  return z.strictObject(shape) as unknown as z.ZodObject<RequestShape<A>, z.core.$strict>;
}

/** Every action's request schema, one per row of ACTION_SPECS. */
export const RequestSchemas = Object.fromEntries(
  ACTIONS.map((action) => [action, buildRequestSchema(action)]),
) as unknown as { readonly [A in Action]: z.ZodObject<RequestShape<A>, z.core.$strict> };

export const SearchRequestSchema = RequestSchemas.search;
export const CatalogRequestSchema = RequestSchemas.catalog;
export const PreflightRequestSchema = RequestSchemas.preflight;
export const GetRequestSchema = RequestSchemas.get;
export const ResolveRequestSchema = RequestSchemas.resolve;

/** Wire parameters as a caller may pass them (defaults optional). */
export type RequestInput<A extends Action> = z.input<(typeof RequestSchemas)[A]>;
/** Wire parameters after parsing (declared defaults filled in). */
export type RequestParams<A extends Action> = z.output<(typeof RequestSchemas)[A]>;

export type SearchRequest = RequestInput<"search">;
export type CatalogRequest = RequestInput<"catalog">;
export type PreflightRequest = RequestInput<"preflight">;
export type GetRequest = RequestInput<"get">;
export type ResolveRequest = RequestInput<"resolve">;
