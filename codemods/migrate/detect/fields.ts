/**
 * Which reads of a value that flows from an oddkit call are reads of a
 * legacy (0.28.x) response shape, decided by the field read and the field
 * read just before it (the "step"): `result.hits`, `hits[i].path`,
 * `result.pagination.has_more`, … The legacy shapes are those of
 * the 0.28.x server (src/legacy/ serves them); contract reads (`result.data`, `entry.metadata`)
 * are not legacy.
 */

import {
  LEGACY_RESULT_FIELDS as CONTRACT_LEGACY_RESULT_FIELDS,
  MANY_RESULT_FIELDS,
  ONE_RESULT_FIELDS,
} from "oddkit-sdk/internal";
import type { Legacy028 } from "oddkit-sdk/shim";

type LegacyArticle = Legacy028.LegacyArticle;
type LegacyCatalogResult = Legacy028.LegacyCatalogResult;
type LegacyGetResult = Legacy028.LegacyGetResult;
type LegacyHit = Legacy028.LegacyHit;
type LegacyResolved = Legacy028.LegacyResolved;
type LegacyResolveResult = Legacy028.LegacyResolveResult;
type LegacySearchResult = Legacy028.LegacySearchResult;

type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/**
 * The legacy `result` fields are the contract's own table of them
 * (src/contract/responses.ts LEGACY_RESULT_FIELDS, the fields the legacy
 * envelope window carries), less the names the contract result also has with
 * its own meaning (`total`, `status`), plus the legacy error answers' fields
 * (get's `{ error, path }` and, for a section it does not have,
 * `{ error, path, requested_section, available_sections }`; resolve's
 * INVALID_INPUT): the contract answers errors as error results
 * (`error_code`, `error_message`).
 */
const LEGACY_ERROR_FIELDS = ["error", "requested_section", "available_sections"] as const satisfies readonly (
  | KeysOfUnion<LegacyGetResult>
  | KeysOfUnion<LegacyResolveResult>
)[];
const CONTRACT_RESULT_FIELDS: ReadonlySet<string> = new Set<string>([
  ...MANY_RESULT_FIELDS,
  ...ONE_RESULT_FIELDS,
]);

/** Fields of a legacy `result` that the contract result does not have (or has with another meaning). */
export const LEGACY_RESULT_FIELDS: ReadonlySet<string> = new Set([
  ...Object.values(CONTRACT_LEGACY_RESULT_FIELDS)
    .flat()
    .filter((f) => !CONTRACT_RESULT_FIELDS.has(f)),
  ...LEGACY_ERROR_FIELDS,
]);

/** The legacy result fields holding entries, per action (typed against the legacy answers). */
const ENTRY_LISTS = {
  search: ["hits", "overlay_hits", "baseline_hits"],
  catalog: ["articles"],
  resolve: ["resolved"],
} as const satisfies {
  readonly search: readonly KeysOfUnion<LegacySearchResult>[];
  readonly catalog: readonly (keyof LegacyCatalogResult)[];
  readonly resolve: readonly KeysOfUnion<LegacyResolveResult>[];
};

/** Lists of legacy entries: a read after one of these (elements, callbacks) is an entry read. */
export const LEGACY_LIST_FIELDS: ReadonlySet<string> = new Set(Object.values(ENTRY_LISTS).flat());

/**
 * Every field of a legacy entry (search hit, catalog article, resolve's
 * `resolved`), as the legacy types declare them, with what the contract entry
 * has in its place: the compiler holds this table to those types, so a field
 * added there must be classified here.
 */
const LEGACY_ENTRY: Readonly<
  Record<keyof LegacyHit | keyof LegacyArticle | keyof LegacyResolved, "same" | "moved" | "gone" | "changed">
> = {
  uri: "same",
  title: "same",
  score: "same",
  snippet: "same",
  path: "gone",
  source: "gone",
  url: "gone",
  tags: "moved", // metadata.tags, with disclosure metadata
  metadata: "moved", // only with disclosure metadata
  content_hash: "changed", // another hash of the served revision
};

/** Fields of a legacy entry the contract entry lacks, moved or changed. */
export const LEGACY_ENTRY_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(LEGACY_ENTRY)
    .filter(([, how]) => how !== "same")
    .map(([field]) => field),
);

export const LEGACY_PAGINATION_FIELDS: ReadonlySet<string> = new Set([
  "total_candidates",
  "has_more",
  "limit",
  "offset",
]);

/** Fields legacy-only wherever they are read on a value of unknown position (no `result` step seen). */
export const UNAMBIGUOUS_LEGACY_FIELDS: ReadonlySet<string> = new Set([
  "hits",
  "articles",
  "pagination",
  "evidence",
  "docs_considered",
  "overlay_hits",
  "baseline_hits",
  "categories",
  "resolved",
  "total_candidates",
  "has_more",
  "docs_available",
  "input_uri",
]);

/**
 * Reads that end the flow: what they return is a leaf value of the document
 * (a string, the frontmatter) — nothing read from it is a response shape.
 */
export const LEAF_FIELDS: ReadonlySet<string> = new Set([
  "metadata",
  "title",
  "uri",
  "snippet",
  "score",
  "blockquote",
  "summary",
  "body",
  "length",
  "status",
  "total",
  "assistant_text",
  "server_time",
  "action",
  "role",
  "position",
  "content_hash",
  "url",
  "error_message",
  "error_code",
]);

/** Array methods whose callback receives the elements (entries when the array is a list of entries). */
export const CALLBACK_METHODS: ReadonlySet<string> = new Set([
  "map",
  "filter",
  "find",
  "findLast",
  "forEach",
  "some",
  "every",
  "flatMap",
  "reduce",
  "sort",
  "toSorted",
  "findIndex",
]);

/** Array methods that return (some of) the same elements: the flow continues through their result. */
export const PASSTHROUGH_METHODS: ReadonlySet<string> = new Set([
  "filter",
  "slice",
  "sort",
  "toSorted",
  "toReversed",
  "reverse",
  "concat",
  "find",
  "findLast",
  "at",
  "flat",
  "values",
]);

/** Methods of a transport value (Response, axios/ky reply, promise) whose result carries the same reply. */
export const TRANSPORT_METHODS: ReadonlySet<string> = new Set(["json", "then", "catch", "finally", "text"]);

/** Global functions that return their (first) argument's content. */
export const PASSTHROUGH_FUNCTIONS: ReadonlySet<string> = new Set([
  "JSON.parse",
  "structuredClone",
  "Array.from",
  "Object.values",
  "Promise.resolve",
  "Promise.all",
  "Promise.allSettled",
  "Object.freeze",
]);

export interface ReadClass {
  readonly legacy: boolean;
  /** A contract read that needs this disclosure flag on the call (an entry's metadata). */
  readonly flag?: "metadata";
  /** Human-readable name of the read, e.g. `result.hits`, `entry.path`. */
  readonly what: string;
}

/**
 * Is reading `field` after `steps` (the fields read since the envelope was
 * parsed, or since the call when no parse was seen) a legacy read?
 */
export function classifyRead(steps: readonly string[], field: string, transportContent: boolean): ReadClass {
  const last = steps[steps.length - 1];
  if (field === "content" && transportContent) return { legacy: false, what: "content" };
  if (last === "result" && LEGACY_RESULT_FIELDS.has(field)) return { legacy: true, what: `result.${field}` };
  if (last !== undefined && LEGACY_LIST_FIELDS.has(last) && LEGACY_ENTRY_FIELDS.has(field)) {
    // A search hit without include_metadata had no metadata; with it, the contract needs the flag.
    return { legacy: true, what: `entry.${field}` };
  }
  // A contract entry (`data[i]`) has no path, tags or source: reading them there reads undefined.
  if (last === "data" && (field === "path" || field === "tags" || field === "source"))
    return { legacy: true, what: `entry.${field}` };
  if (last === "pagination" && LEGACY_PAGINATION_FIELDS.has(field))
    return { legacy: true, what: `pagination.${field}` };
  if (last === "data" && field === "metadata")
    return { legacy: false, what: "entry.metadata", flag: "metadata" };
  if (UNAMBIGUOUS_LEGACY_FIELDS.has(field) && last !== "data" && last !== "metadata")
    return { legacy: true, what: `result.${field}` };
  return { legacy: false, what: field };
}
