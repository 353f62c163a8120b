import { FORBIDDEN_ROLLUP_FIELDS } from "../actions.js";
import { legacyResultFields, MANY_RESULT_FIELDS, ONE_RESULT_FIELDS } from "../responses.js";
import type { Check, ComplianceViolation } from "./check.js";

/** No rollups, and (envelope strictness) no result field outside the contract envelope and the legacy opt-in. */
export const noRollups: Check<4> = {
  id: 4,
  title: "No category rollups, taxonomy enumerations or curated lists",
  run(ctx) {
    if (ctx.stage !== "answer") return [];
    const { result, req, action, spec } = ctx;
    const allowed = new Set<string>(spec.many ? MANY_RESULT_FIELDS : ONE_RESULT_FIELDS);
    if (req.legacyEnvelope) for (const k of legacyResultFields(action)) allowed.add(k);
    const out: ComplianceViolation[] = [];
    for (const key of Object.keys(result)) {
      if (allowed.has(key)) continue;
      const rollup = (FORBIDDEN_ROLLUP_FIELDS as readonly string[]).includes(key);
      out.push({
        check: 4,
        reason: rollup
          ? `result carries the rollup '${key}'`
          : `result carries '${key}', which is not a contract envelope field`,
        evidence: { [key]: result[key] },
      });
    }
    return out;
  },
};
