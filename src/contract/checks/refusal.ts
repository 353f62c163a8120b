/**
 * Checks 6 and 7 judge refusals alike: a request the contract refuses must
 * get exactly the error envelope it names, and a valid request must never be
 * refused for that reason. Each check passes its own error code.
 */
import { type ErrorEnvelope, flagNotPermittedError } from "../errors.js";
import { isFlagPermitted, requestedFlags } from "../rules.js";
import type { CheckId, ComplianceViolation } from "./check.js";
import type { CheckContext, RefusalStage } from "./context.js";
import { jsonText, jsonWritable, printable } from "./text.js";

type RefusalCode = "DISCLOSURE_FLAG_NOT_PERMITTED" | "LIMIT_EXCEEDS_FLAG_CAP";

/** The envelope a compliant server sends: with several forbidden flags, naming any one of them is compliant. */
function expectedEnvelope(ctx: RefusalStage): ErrorEnvelope {
  const { expected, result, action, params } = ctx;
  if (
    expected.error_code === "DISCLOSURE_FLAG_NOT_PERMITTED" &&
    typeof result?.requested_flag === "string" &&
    requestedFlags(params).includes(result.requested_flag) &&
    !isFlagPermitted(action, result.requested_flag)
  ) {
    return flagNotPermittedError(action, result.requested_flag);
  }
  return expected;
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

/** Violations of check `check` (which judges refusals with `code`). */
export function judgeRefusal(check: CheckId, code: RefusalCode, ctx: CheckContext): ComplianceViolation[] {
  if (ctx.stage === "error") {
    // Refusing a valid request for a flag or a cap breaks the check the other way round.
    if (ctx.result.error_code !== code) return [];
    const why =
      code === "DISCLOSURE_FLAG_NOT_PERMITTED"
        ? `every requested flag (${JSON.stringify(ctx.req.disclosure)}) is permitted on ${ctx.action}`
        : `limit ${ctx.req.limit} is within the cap ${ctx.req.cap.max}`;
    return [{ check, reason: `refused with ${code}, but ${why}`, evidence: ctx.result }];
  }
  if (ctx.stage !== "refusal") return [];
  const expected = expectedEnvelope(ctx);
  if (expected.error_code !== code) return [];
  const { result, parseError } = ctx;
  if (!result || result.error_code !== expected.error_code) {
    return [
      {
        check,
        reason: `expected error ${expected.error_code}, got ${result ? printable(result.error_code ?? result.status ?? "a result") : parseError}`,
        evidence: result,
      },
    ];
  }
  const out: ComplianceViolation[] = [];
  if (ctx.wrapping === "tool" && !ctx.isError) {
    out.push({ check, reason: `the MCP tool result of a ${expected.error_code} error lacks isError: true` });
  }
  for (const fact of errorMessageFacts(expected)) {
    if (typeof result.error_message !== "string" || !result.error_message.includes(fact)) {
      out.push({
        check,
        reason: `error_message ${jsonText(result.error_message)} does not name ${JSON.stringify(fact)}`,
        evidence: result,
      });
    }
  }
  for (const [key, value] of Object.entries(expected)) {
    if (key === "error_message") continue;
    // A value JSON cannot write (a BigInt, a cycle) is never the expected one.
    if (jsonText(result[key]) !== JSON.stringify(value) || !jsonWritable(result[key])) {
      out.push({
        check,
        reason: `error field '${key}' is ${jsonText(result[key])}, expected ${JSON.stringify(value)}`,
        evidence: result,
      });
    }
  }
  return out;
}
