/**
 * Request parameters of each action as they travel on the wire (the MCP tool
 * arguments). `input` carries the query, URI or task text, as on the legacy
 * server; the client exposes it under a friendlier name (ACTION_SPECS.input).
 */
import * as z from "zod";
import { ACTION_SPECS } from "./actions.js";
import { DEFAULT_LIMIT, DEFAULT_OFFSET, describeCaps, queryTermCount, REQUEST_BOUNDS } from "./caps.js";
import { type Action, FlagSchema, SortBySchema } from "./enums.js";
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

export const SearchRequestSchema = z.strictObject({
  input: queryText("the search query"),
  disclosure: disclosureSchema("search"),
  limit: limit("search"),
  offset,
  ...FilterShape,
  [LEGACY_OPT_IN_PARAM]: legacyOptIn,
  knowledge_base_url: knowledgeBase,
});

export const CatalogRequestSchema = z.strictObject({
  disclosure: disclosureSchema("catalog"),
  sort_by: SortBySchema.optional().describe(
    "Ordering: path (default, alphabetical) or date (newest first, undated last)",
  ),
  limit: limit("catalog"),
  offset,
  ...FilterShape,
  [LEGACY_OPT_IN_PARAM]: legacyOptIn,
  knowledge_base_url: knowledgeBase,
});

export const PreflightRequestSchema = z.strictObject({
  input: queryText("the task about to be done"),
  disclosure: disclosureSchema("preflight"),
  limit: limit("preflight"),
  offset,
  ...FilterShape,
  [LEGACY_OPT_IN_PARAM]: legacyOptIn,
  knowledge_base_url: knowledgeBase,
});

export const GetRequestSchema = z.strictObject({
  input: inputText("the document URI (klappy://…) or repository path"),
  disclosure: disclosureSchema("get"),
  [LEGACY_OPT_IN_PARAM]: legacyOptIn,
  knowledge_base_url: knowledgeBase,
});

export const ResolveRequestSchema = z.strictObject({
  input: inputText("the document URI to resolve through superseded_by"),
  disclosure: disclosureSchema("resolve"),
  [LEGACY_OPT_IN_PARAM]: legacyOptIn,
  knowledge_base_url: knowledgeBase,
});

export const RequestSchemas = {
  search: SearchRequestSchema,
  catalog: CatalogRequestSchema,
  preflight: PreflightRequestSchema,
  get: GetRequestSchema,
  resolve: ResolveRequestSchema,
} as const satisfies Record<Action, z.ZodType>;

/** Wire parameters as a caller may pass them (defaults optional). */
export type RequestInput<A extends Action> = z.input<(typeof RequestSchemas)[A]>;
/** Wire parameters after parsing (declared defaults filled in). */
export type RequestParams<A extends Action> = z.output<(typeof RequestSchemas)[A]>;

export type SearchRequest = RequestInput<"search">;
export type CatalogRequest = RequestInput<"catalog">;
export type PreflightRequest = RequestInput<"preflight">;
export type GetRequest = RequestInput<"get">;
export type ResolveRequest = RequestInput<"resolve">;
