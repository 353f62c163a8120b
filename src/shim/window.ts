/**
 * Window responses: a caller that passes `include_legacy_envelope: true`
 * during the window gets the legacy fields merged into `result` beside the
 * contract ones. `splitWindowResult` hands back the typed contract result and
 * the legacy part separately, and refuses a response where the opt-in widened
 * disclosure (body text on a query-shaped action).
 */
import {
  ACTION_SPECS,
  type Action,
  BODY_FIELDS,
  type ContractResult,
  type Flag,
  FlagSchema,
  forbidsBody,
  legacyResultFields,
  MANY_RESULT_FIELDS,
  ONE_RESULT_FIELDS,
  resultSchema,
} from "../contract/index.js";
import { WindowContractViolationError } from "../errors/index.js";

/** Legacy fields of one action that may ride beside the contract ones, minus names the contract owns. */
export type LegacyPart = Readonly<Record<string, unknown>>;

export interface SplitWindowResult<A extends Action> {
  readonly contract: ContractResult<A, Flag>;
  /** The legacy fields present, or undefined when the server sent none (all are optional). */
  readonly legacy: LegacyPart | undefined;
}

function contractFieldNames(action: Action): readonly string[] {
  return ACTION_SPECS[action].many ? MANY_RESULT_FIELDS : ONE_RESULT_FIELDS;
}

/** Paths (e.g. `hits[2].content`) of body fields (check 5's `BODY_FIELDS`) anywhere under a value. */
function bodyFieldPaths(value: unknown, path: string, out: string[]): string[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      bodyFieldPaths(v, `${path}[${i}]`, out);
    });
  } else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if ((BODY_FIELDS as readonly string[]).includes(key)) out.push(here);
      // frontmatter is data about the document, never its body: do not descend into it
      if (key !== "metadata") bodyFieldPaths(v, here, out);
    }
  }
  return out;
}

/**
 * Split a `result` that may carry legacy fields. The contract part is
 * validated strictly at the disclosure the server says it applied; the
 * legacy part holds every LEGACY_RESULT_FIELDS name that is not a contract
 * field (on `total`/`status` clashes the contract meaning wins, so those are
 * only in the contract part).
 */
export function splitWindowResult<A extends Action>(action: A, result: unknown): SplitWindowResult<A> {
  if (typeof result !== "object" || result === null || Array.isArray(result)) {
    throw new WindowContractViolationError(action, ["result is not an object"], result);
  }
  const record = result as Record<string, unknown>;
  const contractNames = contractFieldNames(action);
  const legacyNames = legacyResultFields(action).filter((name) => !contractNames.includes(name));
  const violations: string[] = [];
  // Check 5's rule (contract/checks/05), applied anywhere in the result: the opt-in never widens it.
  if (forbidsBody(action)) {
    for (const path of bodyFieldPaths(record, "", [])) {
      violations.push(`body text at result.${path} on query-shaped action '${action}'`);
    }
  }
  const unknown = Object.keys(record).filter((k) => !contractNames.includes(k) && !legacyNames.includes(k));
  for (const key of unknown) violations.push(`unexpected field result.${key}`);

  const flags = FlagSchema.array().safeParse(record.disclosure_applied);
  if (!flags.success) violations.push("result.disclosure_applied is not a list of disclosure flags");
  const contractPart: Record<string, unknown> = {};
  for (const name of contractNames) if (name in record) contractPart[name] = record[name];
  if (flags.success && violations.length === 0) {
    const parsed = resultSchema(action, flags.data).safeParse(contractPart);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        violations.push(`result.${issue.path.join(".")}: ${issue.message}`);
      }
    }
  }
  if (violations.length > 0) throw new WindowContractViolationError(action, violations, result);

  const legacy: Record<string, unknown> = {};
  for (const name of legacyNames) if (name in record) legacy[name] = record[name];
  return {
    contract: contractPart as unknown as ContractResult<A, Flag>,
    legacy: Object.keys(legacy).length > 0 ? legacy : undefined,
  };
}
