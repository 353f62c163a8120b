/**
 * What every check reads of one request/response pair, worked out once:
 * the request as the contract resolves it, the result unwrapped from its
 * MCP/envelope packaging, its entries, and (lazily, shared by the checks
 * that need them) each entry's schema issues and kind facts.
 */
import { ACTION_SPECS, type ActionSpec } from "../actions.js";
import { allowedEntryFields, entryListSchema } from "../entries.js";
import { ACTIONS, type Action, ActionSchema, type Kind } from "../enums.js";
import type { ErrorEnvelope } from "../errors.js";
import { fastAccept } from "../fast-accept.js";
import { type FilterableDocument, type Filters, pickFilters } from "../filters.js";
import { DEFAULT_KIND_MAP, isKind, type KindMap, kindFromPath } from "../kinds.js";
import { type ResolvedRequest, validateRequest } from "../rules.js";
import { pathForKlappyUri } from "../uris.js";
import { printable } from "./text.js";

/** A parsed JSON object (a request's params, a response envelope). */
export type Json = Record<string, unknown>;

export function isObj(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export interface ComplianceRequest {
  readonly action: Action;
  /** Wire parameters exactly as sent. */
  readonly params?: Record<string, unknown>;
  /**
   * `validateRequest(action, params).request`, when the caller already has it
   * (the client resolved the request before sending it): not resolved again.
   */
  readonly resolved?: ResolvedRequest;
}

export interface ComplianceContext {
  /** Ground truth per entry URI (from the corpus), to check filters, totals and kinds exactly. */
  readonly documents?: ReadonlyMap<string, FilterableDocument & { readonly declaredKind?: unknown }>;
  /** Path prefix → kind map of the knowledge base (for URI-derived kinds). */
  readonly kindMap?: KindMap;
  /**
   * The result already passed `resultSchema(action, disclosure)` (the client
   * parses it before the checks): every entry is an object matching the
   * strict entry schema of its disclosure, so no entry has schema issues and
   * the checks need not parse the entries again.
   */
  readonly resultSchemaPassed?: boolean;
}

/** How the response was packaged: an MCP tool result, the outer `{action, result}` envelope, or a bare result. */
export type Wrapping = "tool" | "envelope" | "result";

interface Base {
  readonly action: Action;
  readonly params: Record<string, unknown>;
  readonly response: unknown;
  readonly context: ComplianceContext;
}

/** The request breaks a rule the server must refuse it for: `expected` is the exact envelope. */
export interface RefusalStage extends Base {
  readonly stage: "refusal";
  readonly expected: ErrorEnvelope;
  readonly result: Json | null;
  readonly isError: boolean;
  readonly wrapping: Wrapping | undefined;
  readonly parseError: string | undefined;
}

/** A valid request whose response could not be read as a result object. */
export interface UnreadableStage extends Base {
  readonly stage: "unreadable";
  readonly req: ResolvedRequest;
  readonly reason: string;
}

/** A valid request the server answered with an error envelope. */
export interface ErrorStage extends Base {
  readonly stage: "error";
  readonly req: ResolvedRequest;
  readonly result: Json;
}

/** What the checks know of one entry's kind and path. */
export interface EntryFacts {
  readonly uri: string;
  readonly known: (FilterableDocument & { readonly declaredKind?: unknown }) | undefined;
  readonly metadata: Json | undefined;
  readonly path: string | null;
  readonly pathKind: Kind | null;
  /** The frontmatter `kind:` when it is a valid kind. */
  readonly declaredValid: Kind | null;
  readonly kind: Kind | null;
}

/** A valid request answered with a result: the stage most checks judge. */
export interface AnswerStage extends Base {
  readonly stage: "answer";
  readonly req: ResolvedRequest;
  readonly result: Json;
  readonly spec: ActionSpec;
  readonly kindMap: KindMap;
  /** The entries that are objects (`data` for listings, `[data]` for one-entry actions). */
  readonly entries: readonly Json[];
  /** `data` as sent, as a list (non-objects included, reported under check 1). */
  readonly rawEntries: readonly unknown[];
  /** The filters of the request (listings). */
  readonly filters: Filters;
  /** Issues of each entry against the entry schema of its disclosure (one parse of the list, on first use). */
  entryIssues(i: number): readonly { readonly field: string; readonly message: string }[];
  /**
   * Every entry of `data` is an object matching the strict entry schema of
   * the disclosure: exactly the floor, the native fields and the requested
   * flags' fields, each present with its type. When true, the per-entry rules
   * that schema states hold for every entry and need not be walked.
   */
  entriesConform(): boolean;
  /** Can this entry's kind be judged: ground truth known for its URI, or metadata disclosed on it? */
  kindKnowable(i: number): boolean;
  /**
   * The indices of `entries` whose kind can be judged (`kindKnowable`), found
   * in one walk on first use: checks 2, 8 and 9 judge only these, and on a
   * page without metadata or ground truth there are none.
   */
  knowableEntries(): readonly number[];
  /** Kind and path facts of each entry (computed once, on first use). */
  entryFacts(i: number): EntryFacts;
}

/** What a check reads: the request resolved once and the response at the stage it reached (refused, unreadable, error, answer). */
export type CheckContext = RefusalStage | UnreadableStage | ErrorStage | AnswerStage;

function allObjects(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (!isObj(list[i])) return false;
  return true;
}

export function answerStage(base: Base, req: ResolvedRequest, result: Json): AnswerStage {
  const spec = ACTION_SPECS[base.action];
  const kindMap = base.context.kindMap ?? DEFAULT_KIND_MAP;
  const rawEntries: unknown[] = spec.many
    ? Array.isArray(result.data)
      ? result.data
      : []
    : isObj(result.data)
      ? [result.data]
      : [];
  // The list itself when every entry is an object (the usual case; certain when the result schema
  // passed, whose entries are objects): no copy and no walk of a 500-entry page.
  const entries =
    base.context.resultSchemaPassed === true || allObjects(rawEntries)
      ? (rawEntries as Json[])
      : rawEntries.filter(isObj);
  const facts = new Map<number, EntryFacts>();
  // Entry schema issues of every entry, from one parse of the whole list (first use).
  let issues: { field: string; message: string }[][] | undefined;
  let listParsed = false;
  const issuesOf = (): { field: string; message: string }[][] => {
    if (issues !== undefined) return issues;
    issues = []; // no entry has issues (filled only when the list fails its schema)
    listParsed = base.context.resultSchemaPassed === true;
    if (listParsed) return issues;
    const schema = entryListSchema(base.action, req.disclosure);
    listParsed = fastAccept(schema)(entries); // zod only when the compiled accept-path does not accept
    if (listParsed) return issues;
    const parsed = schema.safeParse(entries);
    listParsed = parsed.success;
    if (!parsed.success) {
      const byEntry: { field: string; message: string }[][] = entries.map(() => []);
      for (const issue of parsed.error.issues) {
        const [i, field] = issue.path;
        if (typeof i === "number" && typeof field === "string")
          byEntry[i]?.push({ field, message: issue.message });
      }
      issues = byEntry;
    }
    return issues;
  };
  let conform: boolean | undefined;
  let knowable: number[] | undefined;
  const kindKnowable = (i: number): boolean => {
    const entry = entries[i] as Json;
    return isObj(entry.metadata) || base.context.documents?.has(printable(entry.uri ?? "")) === true;
  };
  // The base's fields named one by one: a spread into an object literal this size took V8's slow
  // property-adding path, a fixed cost per checked answer (~5% of a 500-entry validation).
  return {
    action: base.action,
    params: base.params,
    response: base.response,
    context: base.context,
    stage: "answer",
    req,
    result,
    spec,
    kindMap,
    entries,
    rawEntries,
    filters: pickFilters(req.params as Json),
    entryIssues: (i) => issuesOf()[i] ?? [],
    entriesConform() {
      if (conform === undefined) {
        issuesOf();
        conform = entries.length === rawEntries.length && listParsed;
      }
      return conform;
    },
    kindKnowable,
    knowableEntries() {
      if (knowable === undefined) {
        knowable = [];
        // No ground truth, and entries that passed the strict result schema of a disclosure without
        // a metadata field: no entry carries metadata, so none is knowable (no walk of the page).
        if (
          base.context.documents === undefined &&
          base.context.resultSchemaPassed === true &&
          !allowedEntryFields(base.action, req.disclosure).includes("metadata")
        )
          return knowable;
        for (let i = 0; i < entries.length; i++) if (kindKnowable(i)) knowable.push(i);
      }
      return knowable;
    },
    entryFacts(i) {
      let out = facts.get(i);
      if (out === undefined) {
        const entry = entries[i] as Json;
        const uri = printable(entry.uri ?? "");
        const known = base.context.documents?.get(uri);
        const metadata = isObj(entry.metadata) ? entry.metadata : undefined;
        const path = known?.path ?? pathForKlappyUri(uri);
        const declared = known ? known.declaredKind : metadata?.kind;
        const pathKind = path ? kindFromPath(path, kindMap) : null;
        const declaredValid = isKind(declared) ? declared : null;
        const kind = known ? known.kind : (declaredValid ?? pathKind);
        out = { uri, known, metadata, path, pathKind, declaredValid, kind };
        facts.set(i, out);
      }
      return out;
    },
  };
}

/** Accept an MCP CallToolResult, the outer `{action, result}` envelope, or the bare `result`. */
export function extractResult(response: unknown): {
  result: Json | null;
  isError: boolean;
  /** What the response was: an MCP tool result, the outer envelope, or a bare result. */
  wrapping?: Wrapping;
  parseError?: string;
} {
  let value = response;
  let isError = false;
  let wrapping: Wrapping = "result";
  if (isObj(value) && Array.isArray(value.content)) {
    wrapping = "tool";
    isError = value.isError === true;
    const item = value.content[0];
    if (!isObj(item) || item.type !== "text" || typeof item.text !== "string") {
      return { result: null, isError, parseError: "tool result has no text content item" };
    }
    try {
      value = JSON.parse(item.text);
    } catch {
      return { result: null, isError, parseError: "tool result text is not JSON" };
    }
  }
  if (isObj(value) && "result" in value && "action" in value) {
    value = value.result;
    if (wrapping === "result") wrapping = "envelope";
  }
  return isObj(value)
    ? { result: value, isError, wrapping }
    : { result: null, isError, wrapping, parseError: "result is not an object" };
}

/** What the checks judge of one request/response pair; null when the request is outside the 11 checks (invalid parameters). */
export function checkContext(
  request: ComplianceRequest,
  response: unknown,
  context: ComplianceContext,
): CheckContext | null {
  const { action } = request;
  if (!ActionSchema.safeParse(action).success) {
    throw new TypeError(
      `checkCompliance: unknown action '${String(action)}'; expected one of ${ACTIONS.join(", ")}`,
    );
  }
  const params = request.params ?? {};
  const base = { action, params, response, context };
  const { result, parseError, isError, wrapping } = extractResult(response);
  const validation = request.resolved
    ? ({ ok: true, request: request.resolved } as const)
    : validateRequest(action, params);
  if (!validation.ok) {
    const code = validation.error.error_code;
    if (code !== "DISCLOSURE_FLAG_NOT_PERMITTED" && code !== "LIMIT_EXCEEDS_FLAG_CAP") return null;
    return { ...base, stage: "refusal", expected: validation.error, result, isError, wrapping, parseError };
  }
  const req = validation.request;
  if (!result) return { ...base, stage: "unreadable", req, reason: parseError ?? "no result" };
  // Other refusals of a valid request (NOT_FOUND, …) are judged elsewhere; 6 and 7 judge flag/cap ones.
  if (result.status === "ERROR" || result.status === "NOT_FOUND")
    return { ...base, stage: "error", req, result };
  return answerStage(base, req, result);
}
