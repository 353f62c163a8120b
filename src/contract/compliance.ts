/**
 * checkCompliance: which of the 11 verification checks a request/response
 * pair violates. Used by the conformance suite, the server's tests and the
 * client's fail-closed validation, so the rules exist once.
 *
 * Without `context.documents`, what can be known about an entry comes from
 * the response itself (its URI and, when disclosed, its metadata); with it,
 * filters, totals and kinds are checked against the real frontmatter.
 */
import { ACTION_SPECS, FORBIDDEN_ROLLUP_FIELDS, MANY_RESULT_FIELDS, ONE_RESULT_FIELDS } from "./actions.js";
import { type CheckId, REQUIRED_TOKEN_REDUCTION } from "./checks.js";
import { allowedEntryFields, entrySchema, nativeFields } from "./entries.js";
import { ACTIONS, type Action, ActionSchema, FLAGS } from "./enums.js";
import { type ErrorEnvelope, flagNotPermittedError } from "./errors.js";
import {
  type FilterableDocument,
  type Filters,
  matchesFilters,
  matchesStructuralFilters,
  pickFilters,
  resolveKindSet,
  sameFilters,
} from "./filters.js";
import { DEFAULT_INCLUDE, DEFAULT_KIND_MAP, isKind, type KindMap, kindFromPath } from "./kinds.js";
import { LEGACY_RESULT_FIELDS } from "./responses.js";
import { isFlagPermitted, requestedFlags, resolveDisclosure, validateRequest } from "./rules.js";
import { pathForKlappyUri } from "./uris.js";

export interface ComplianceRequest {
  readonly action: Action;
  /** Wire parameters exactly as sent. */
  readonly params?: Record<string, unknown>;
}

export interface ComplianceViolation {
  readonly check: CheckId;
  readonly reason: string;
  /** The offending entry or field, when there is one. */
  readonly evidence?: unknown;
}

export interface ComplianceContext {
  /** Ground truth per entry URI (from the corpus), to check filters, totals and kinds exactly. */
  readonly documents?: ReadonlyMap<string, FilterableDocument & { readonly declaredKind?: unknown }>;
  /** Path prefix → kind map of the knowledge base (for URI-derived kinds). */
  readonly kindMap?: KindMap;
}

/** A parsed JSON object (a request's params, a response envelope). */
export type Json = Record<string, unknown>;

/** Accept an MCP CallToolResult, the outer `{action, result}` envelope, or the bare `result`. */
export function extractResult(response: unknown): {
  result: Json | null;
  isError: boolean;
  /** What the response was: an MCP tool result, the outer envelope, or a bare result. */
  wrapping?: "tool" | "envelope" | "result";
  parseError?: string;
} {
  let value = response;
  let isError = false;
  let wrapping: "tool" | "envelope" | "result" = "result";
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

function isObj(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function checkCompliance(
  request: ComplianceRequest,
  response: unknown,
  context: ComplianceContext = {},
): ComplianceViolation[] {
  const out: ComplianceViolation[] = [];
  const { action } = request;
  if (!ActionSchema.safeParse(action).success) {
    throw new TypeError(
      `checkCompliance: unknown action '${String(action)}'; expected one of ${ACTIONS.join(", ")}`,
    );
  }
  const params = request.params ?? {};
  const { result, parseError, isError, wrapping } = extractResult(response);
  const validation = validateRequest(action, params);

  // Checks 6 and 7: a request that must be refused, with the exact envelope.
  if (!validation.ok) {
    let expected = validation.error;
    // Several forbidden flags: naming any one of them is compliant (the spec does not order them).
    if (
      expected.error_code === "DISCLOSURE_FLAG_NOT_PERMITTED" &&
      typeof result?.requested_flag === "string" &&
      requestedFlags(params).includes(result.requested_flag) &&
      !isFlagPermitted(action, result.requested_flag)
    ) {
      expected = flagNotPermittedError(action, result.requested_flag);
    }
    const check: CheckId | null =
      expected.error_code === "DISCLOSURE_FLAG_NOT_PERMITTED"
        ? 6
        : expected.error_code === "LIMIT_EXCEEDS_FLAG_CAP"
          ? 7
          : null;
    if (check === null) return out; // invalid parameters: outside the 11 checks
    if (!result || result.error_code !== expected.error_code) {
      out.push({
        check,
        reason: `expected error ${expected.error_code}, got ${result ? String(result.error_code ?? result.status ?? "a result") : parseError}`,
        evidence: result,
      });
      return out;
    }
    if (wrapping === "tool" && !isError) {
      out.push({
        check,
        reason: `the MCP tool result of a ${expected.error_code} error lacks isError: true`,
      });
    }
    for (const fact of errorMessageFacts(expected)) {
      if (typeof result.error_message !== "string" || !result.error_message.includes(fact)) {
        out.push({
          check,
          reason: `error_message ${JSON.stringify(result.error_message)} does not name ${JSON.stringify(fact)}`,
          evidence: result,
        });
      }
    }
    for (const [key, value] of Object.entries(expected)) {
      if (key === "error_message") continue;
      if (JSON.stringify(result[key]) !== JSON.stringify(value)) {
        out.push({
          check,
          reason: `error field '${key}' is ${JSON.stringify(result[key])}, expected ${JSON.stringify(value)}`,
          evidence: result,
        });
      }
    }
    return out;
  }
  const req = validation.request;
  if (!result) {
    out.push({ check: 1, reason: parseError ?? "no result", evidence: response });
    return out;
  }
  if (result.status === "ERROR" || result.status === "NOT_FOUND") {
    // Refusing a valid request for a flag or a cap breaks checks 6/7 the other way round.
    if (result.error_code === "DISCLOSURE_FLAG_NOT_PERMITTED") {
      out.push({
        check: 6,
        reason: `refused with DISCLOSURE_FLAG_NOT_PERMITTED, but every requested flag (${JSON.stringify(req.disclosure)}) is permitted on ${action}`,
        evidence: result,
      });
    } else if (result.error_code === "LIMIT_EXCEEDS_FLAG_CAP") {
      out.push({
        check: 7,
        reason: `refused with LIMIT_EXCEEDS_FLAG_CAP, but limit ${req.limit} is within the cap ${req.cap.max}`,
        evidence: result,
      });
    }
    return out; // other refusals of a valid request (NOT_FOUND, …) are judged elsewhere
  }
  const spec = ACTION_SPECS[action];
  const kindMap = context.kindMap ?? DEFAULT_KIND_MAP;

  // Check 4 (and envelope strictness): no rollups, no fields outside the envelope.
  const allowedResult = new Set<string>(spec.many ? MANY_RESULT_FIELDS : ONE_RESULT_FIELDS);
  if (req.legacyEnvelope) for (const k of LEGACY_RESULT_FIELDS[action]) allowedResult.add(k);
  for (const key of Object.keys(result)) {
    if (allowedResult.has(key)) continue;
    const rollup = (FORBIDDEN_ROLLUP_FIELDS as readonly string[]).includes(key);
    out.push({
      check: 4,
      reason: rollup
        ? `result carries the rollup '${key}'`
        : `result carries '${key}', which is not a contract envelope field`,
      evidence: { [key]: result[key] },
    });
  }

  const rawEntries: unknown[] = spec.many
    ? Array.isArray(result.data)
      ? result.data
      : []
    : isObj(result.data)
      ? [result.data]
      : [];
  rawEntries.forEach((entry, i) => {
    if (!isObj(entry)) out.push({ check: 1, reason: `entry ${i} is not an object`, evidence: entry });
  });
  const entries: Json[] = rawEntries.filter(isObj);
  if (spec.many && !Array.isArray(result.data)) out.push({ check: 1, reason: "result.data is not an array" });
  if (!spec.many && !isObj(result.data)) out.push({ check: 1, reason: "result.data is not an entry object" });

  // Check 1: exactly the floor, native fields and requested flags.
  const allowed = new Set(allowedEntryFields(action, req.disclosure));
  const entryShape = entrySchema(action, req.disclosure);
  const natives = nativeFields(action);
  entries.forEach((entry, i) => {
    for (const key of Object.keys(entry)) {
      if (!allowed.has(key))
        out.push({
          check: 1,
          reason: `entry ${i} carries '${key}', which was not requested`,
          evidence: entry.uri,
        });
    }
    for (const key of ["uri", "title", ...req.disclosure]) {
      if (!(key in entry)) out.push({ check: 1, reason: `entry ${i} lacks '${key}'`, evidence: entry.uri });
    }
    // Present fields must also have the contract's types (missing/extra ones are reported above and under 10).
    const parsed = entryShape.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field !== "string" || !(field in entry) || !allowed.has(field)) continue;
        const check: CheckId = natives.includes(field) ? 10 : 1;
        out.push({ check, reason: `entry ${i} field '${field}': ${issue.message}`, evidence: entry.uri });
      }
    }
  });
  if (
    JSON.stringify(resolveDisclosure(action, (result.disclosure_applied as string[]) ?? [])) !==
      JSON.stringify(req.disclosure) ||
    !Array.isArray(result.disclosure_applied) ||
    (result.disclosure_applied as unknown[]).some((f) => !(FLAGS as readonly unknown[]).includes(f))
  ) {
    out.push({
      check: 1,
      reason: `disclosure_applied ${JSON.stringify(result.disclosure_applied)} differs from the resolved disclosure ${JSON.stringify(req.disclosure)}`,
    });
  }

  // Check 5: never body on query-shaped actions.
  if (!spec.permittedFlags.includes("body" as never)) {
    entries.forEach((entry, i) => {
      for (const key of bodyKeysOf(entry))
        out.push({ check: 5, reason: `entry ${i} of ${action} carries '${key}'`, evidence: entry.uri });
    });
    // The legacy opt-in never permits body either: look inside the legacy lists riding beside `data`.
    if (req.legacyEnvelope) {
      for (const field of LEGACY_RESULT_FIELDS[action]) {
        const list = result[field];
        if (!Array.isArray(list)) continue;
        list.forEach((item, i) => {
          if (!isObj(item)) return;
          for (const key of bodyKeysOf(item))
            out.push({
              check: 5,
              reason: `legacy ${field}[${i}] of ${action} carries '${key}'`,
              evidence: item.uri,
            });
        });
      }
    }
  }

  if (spec.many) {
    const filters: Filters = pickFilters(req.params as Json);
    const total = result.total;
    // Check 2: echo and entries honour the filters.
    if (!isObj(result.filters_applied) || !sameFilters(result.filters_applied, req.filtersApplied as Json)) {
      out.push({
        check: 2,
        reason: `filters_applied ${JSON.stringify(result.filters_applied)} differs from the filters in force ${JSON.stringify(req.filtersApplied)}`,
      });
    }
    const kindSet = resolveKindSet(filters);
    const explicitKinds = filters.include !== undefined || filters.exclude !== undefined;
    entries.forEach((entry, i) => {
      const uri = String(entry.uri ?? "");
      const known = context.documents?.get(uri);
      const metadata = isObj(entry.metadata) ? entry.metadata : undefined;
      const path = known?.path ?? pathForKlappyUri(uri);
      const declared = known ? known.declaredKind : metadata?.kind;
      const pathKind = path ? kindFromPath(path, kindMap) : null;
      const declaredValid = isKind(declared) ? declared : null;
      const kind = known ? known.kind : (declaredValid ?? pathKind);
      // Checks 8 and 9: kind membership, split by which tier decided.
      if (kind === null && known) {
        out.push({
          check: 8,
          reason: `entry ${i} (${uri}) has no kind (no valid frontmatter kind, no matching path prefix), so it is outside every kind set`,
          evidence: uri,
        });
      }
      // Without ground truth or disclosed metadata a frontmatter `kind:` may override the path
      // unseen, so kind membership can only be judged when one of the two is there.
      const kindKnowable = known !== undefined || metadata !== undefined;
      if (kind !== null && kindKnowable && !kindSet.includes(kind)) {
        if (declaredValid !== null && declaredValid !== pathKind) {
          out.push({
            check: 9,
            reason: `entry ${i} (${uri}) declares kind '${declaredValid}' in frontmatter, outside ${JSON.stringify(kindSet)}; frontmatter kind must win over its path`,
            evidence: uri,
          });
        } else {
          out.push({
            check: 8,
            reason: `entry ${i} (${uri}) is ${kind}, outside ${explicitKinds ? "the requested kinds" : `the default include (${DEFAULT_INCLUDE.join(", ")})`}`,
            evidence: uri,
          });
        }
      }
      // Check 2: each entry passes the structural filters (ground truth, else disclosed metadata).
      const fm = known?.frontmatter ?? metadata;
      if (fm && path !== null) {
        if (!matchesStructuralFilters({ path, kind, frontmatter: fm }, filters)) {
          out.push({
            check: 2,
            reason: `entry ${i} (${uri}) does not match the filters ${JSON.stringify(filters)}`,
            evidence: uri,
          });
        }
      }
    });
    // Check 3: total is post-filter and pre-pagination.
    if (typeof total !== "number" || !Number.isInteger(total) || total < 0) {
      out.push({ check: 10, reason: "total is missing or not a non-negative integer" });
    } else {
      const seen = req.offset + entries.length;
      // An empty page past the end (offset ≥ total) is a legal answer, not an undercount.
      if (entries.length > 0 && total < seen)
        out.push({ check: 3, reason: `total ${total} is below offset + entries returned (${seen})` });
      else if (entries.length === 0 && req.offset < total)
        out.push({ check: 3, reason: `an empty page at offset ${req.offset}, but total says ${total}` });
      else if (entries.length < req.limit && total > seen && entries.length > 0)
        out.push({
          check: 3,
          reason: `a short page (${entries.length} < limit ${req.limit}) ends at ${seen} but total says ${total}`,
        });
      if (context.documents && action === "catalog") {
        let expected = 0;
        for (const doc of context.documents.values()) if (matchesFilters(doc, filters)) expected++;
        if (expected !== total)
          out.push({ check: 3, reason: `total ${total}, but ${expected} documents match the filters` });
      }
    }
    if (result.limit !== req.limit || result.offset !== req.offset) {
      out.push({
        check: 3,
        reason: `limit/offset echoed as ${String(result.limit)}/${String(result.offset)}, requested ${req.limit}/${req.offset}`,
      });
    }
  }

  // Check 10: action-native fields present whatever the disclosure.
  entries.forEach((entry, i) => {
    for (const key of natives) {
      if (!(key in entry))
        out.push({
          check: 10,
          reason: `entry ${i} lacks the action-native field '${key}'`,
          evidence: entry.uri,
        });
    }
  });
  if (action === "catalog") {
    entries.forEach((entry, i) => {
      if ("position" in entry && entry.position !== req.offset + i + 1) {
        out.push({
          check: 10,
          reason: `entry ${i} has position ${String(entry.position)}, expected ${req.offset + i + 1}`,
        });
      }
    });
  }
  if (action === "catalog" && context.documents && (req.params as Json).sort_by !== "date") {
    // Path order (the default sort) is checkable only against the ground-truth paths.
    const paths = entries.map((e) => context.documents?.get(String(e.uri))?.path);
    for (let i = 1; i < paths.length; i++) {
      const prev = paths[i - 1];
      const cur = paths[i];
      // Out of order under both code-unit and locale comparison: servers may use either for "alphabetical".
      if (prev !== undefined && cur !== undefined && cur < prev && cur.localeCompare(prev) < 0) {
        out.push({
          check: 10,
          reason: `catalog entries are not in path order at entry ${i} (${prev} before ${cur})`,
        });
        break;
      }
    }
  }
  if (action === "search") {
    for (let i = 1; i < entries.length; i++) {
      const prev = entries[i - 1]?.score;
      const cur = entries[i]?.score;
      if (typeof prev === "number" && typeof cur === "number" && cur > prev) {
        out.push({ check: 10, reason: `search entries are not in descending score order at entry ${i}` });
        break;
      }
    }
  }
  return out;
}

/** Check 11 over measured totals: the workload must cost at least REQUIRED_TOKEN_REDUCTION times less. */
export function checkTokenReduction(
  legacyTokens: number,
  contractTokens: number,
  required: number = REQUIRED_TOKEN_REDUCTION,
): ComplianceViolation[] {
  for (const [name, value] of [
    ["legacyTokens", legacyTokens],
    ["contractTokens", contractTokens],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`checkTokenReduction: ${name} must be a finite number ≥ 0, got ${String(value)}`);
    }
  }
  if (legacyTokens === 0) {
    throw new RangeError(
      "checkTokenReduction: legacyTokens is 0; measure a workload that costs something first",
    );
  }
  if (contractTokens === 0) return [];
  const ratio = legacyTokens / contractTokens;
  return ratio >= required
    ? []
    : [
        {
          check: 11,
          reason: `workload costs ${contractTokens} tokens against ${legacyTokens} legacy: ${ratio.toFixed(1)}× reduction, below ${required}×`,
        },
      ];
}

/** What the error_message of a flag or cap refusal must name (the rest of the wording is the server's). */
function errorMessageFacts(error: ErrorEnvelope): string[] {
  if (error.error_code === "DISCLOSURE_FLAG_NOT_PERMITTED")
    return [`'${error.requested_flag}'`, error.action];
  if (error.error_code === "LIMIT_EXCEEDS_FLAG_CAP") {
    const facts = [String(error.requested_limit), String(error.max_limit_for_active_flags)];
    if (error.limiting_flag !== null) facts.push(`'${error.limiting_flag}'`);
    return facts;
  }
  return [];
}

/** The fields of an item that carry a full body (check 5): the contract's `body`, the legacy `content`. */
function bodyKeysOf(item: Json): string[] {
  return ["body", "content"].filter((key) => key in item);
}
