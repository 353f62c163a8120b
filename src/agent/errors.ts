/**
 * The agent entry's typed errors. Both extend the client's `OddkitError`
 * base, so one `instanceof OddkitError` catches every failure of the SDK.
 *
 * - `OddkitAgentOptionsError`: a bound or option the caller passed cannot be
 *   used (a missing `max`, a negative budget, an answer without its client);
 *   raised before anything is fetched.
 * - `OddkitEvidenceError`: an evidence packet as a whole is refused (unknown
 *   schema, identities that do not match its content, a scope wider than the
 *   caller's, a request that was not restricted to the claimed scope).
 *   Refusals of single references are not errors: `admit` returns them in
 *   its record, each with its reason.
 */
import { OddkitCallError } from "../errors/index.js";

export class OddkitAgentOptionsError extends OddkitCallError {
  // A literal, not the class name: names survive minifiers (describeFailure and callers read it).
  override readonly name = "OddkitAgentOptionsError";
  /** The option that was wrong (`max`, `budgetTokens`, `select`, …). */
  readonly option: string;

  constructor(action: string, option: string, message: string) {
    super(`${action}: ${message}`, { action });
    this.option = option;
  }
}

/** Why a packet was refused as a whole. */
export type EvidenceErrorCode =
  /** Not an object of the packet schema, or a `schema` this SDK does not read. */
  | "EVIDENCE_SCHEMA"
  /** `request_identity` or `execution_identity` differs from the checksum of the packet's content. */
  | "EVIDENCE_IDENTITY"
  /** The packet's scope (or its request's filters) reaches past the caller's scope. */
  | "EVIDENCE_SCOPE_WIDENED"
  /** toEvidence: the answer's request was not restricted to the scope given. */
  | "EVIDENCE_REQUEST_OUTSIDE_SCOPE";

export class OddkitEvidenceError extends OddkitCallError {
  override readonly name = "OddkitEvidenceError";
  readonly code: EvidenceErrorCode;
  /** What was found wrong, one line each (field paths, widened filters). */
  readonly details: readonly string[];

  constructor(action: string, code: EvidenceErrorCode, message: string, details: readonly string[] = []) {
    const listed = details.length > 0 ? ` (${details.join("; ")})` : "";
    super(`${code}: ${message}${listed}`, { action });
    this.code = code;
    this.details = details;
  }
}
