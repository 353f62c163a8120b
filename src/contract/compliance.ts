/**
 * checkCompliance: which of the 11 verification checks a request/response
 * pair violates. Used by the conformance suite, the server's tests and the
 * client's fail-closed validation, so the rules exist once.
 *
 * The checks themselves live one a file in `checks/` (`NN-<name>.ts`); this
 * runs them in spec order over one context worked out once, so violations
 * come grouped by check number.
 *
 * Without `context.documents`, what can be known about an entry comes from
 * the response itself (its URI and, when disclosed, its metadata); with it,
 * filters, totals and kinds are checked against the real frontmatter.
 */
import type { ComplianceViolation } from "./checks/check.js";
import { type ComplianceContext, type ComplianceRequest, checkContext } from "./checks/context.js";
import { CHECKS } from "./checks/index.js";

export {
  type ComplianceContext,
  type ComplianceRequest,
  extractResult,
  type Json,
} from "./checks/context.js";

export function checkCompliance(
  request: ComplianceRequest,
  response: unknown,
  context: ComplianceContext = {},
): ComplianceViolation[] {
  const ctx = checkContext(request, response, context);
  if (ctx === null) return []; // invalid parameters: outside the 11 checks
  const out: ComplianceViolation[] = [];
  for (const check of CHECKS) for (const v of check.run(ctx)) out.push(v);
  return out;
}
