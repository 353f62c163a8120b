import type { Check, ComplianceViolation } from "./check.js";

/** Minimum legacy/new token ratio for check 11. */
export const REQUIRED_TOKEN_REDUCTION = 10;

/**
 * Check 11 judges a workload, not one response: `run` reports nothing and
 * `checkTokenReduction` judges measured totals (the conformance suite and
 * the cost report call it).
 */
export const tokenReduction: Check<11> = {
  id: 11,
  title: "Aggregate token cost over a representative workload drops by at least an order of magnitude",
  run: () => [],
};

/** Check 11 over measured totals: the workload must cost at least `required` times less. */
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
