/**
 * Which reads of a value that flows from an oddkit call are reads of a
 * legacy (0.28.x) response shape, decided by the field read and the field
 * read just before it (the "step"): `result.hits`, `hits[i].path`,
 * `result.pagination.has_more`, … The legacy shapes are those of
 * shared/spec/legacy-api.md; contract reads (`result.data`, `entry.metadata`)
 * are not legacy.
 */

/** Fields of a legacy `result` that the contract result does not have (or has with another meaning). */
export const LEGACY_RESULT_FIELDS: ReadonlySet<string> = new Set([
  "hits",
  "articles",
  "pagination",
  "evidence",
  "docs_considered",
  "overlay_hits",
  "baseline_hits",
  "categories",
  "start_here",
  "canon",
  "baseline",
  "baseline_total",
  "resolved",
  "input_uri",
  "supersession_chain",
  "warning",
  "topic",
  "dod",
  "constraints",
  "docs_available",
  "content",
  "content_hash",
  "metadata",
  "path",
  "error",
  "section",
]);

/** Lists of legacy entries: a read after one of these (elements, callbacks) is an entry read. */
export const LEGACY_LIST_FIELDS: ReadonlySet<string> = new Set([
  "hits",
  "articles",
  "overlay_hits",
  "baseline_hits",
  "resolved",
]);

/** Fields of a legacy entry (search hit, catalog article, resolve's `resolved`) the contract entry lacks or moved. */
export const LEGACY_ENTRY_FIELDS: ReadonlySet<string> = new Set([
  "path",
  "tags",
  "source",
  "url",
  "metadata",
]);

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
