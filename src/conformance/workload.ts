/**
 * Check 11's input from the token-cost workload, shared by runConformance
 * and the migration report (internal: not re-exported by the index).
 */
import { type CostOptions, type CostReport, measureCost } from "../cost/measure.js";
import type { TokenWorkload } from "./run.js";

export type CostOutcome = CostReport | { readonly unavailable: string };

/** Run the cost workload; a run that throws becomes `{ unavailable: reason }`. */
export async function settleCost(options: CostOptions): Promise<CostOutcome> {
  try {
    return await measureCost(options);
  } catch (error) {
    return { unavailable: (error as Error).message };
  }
}

/** Check 11's figures from a cost run; a workload that cannot run on the server fails check 11 with the reason. */
export function workloadFromCost(cost: CostOutcome): TokenWorkload {
  if ("unavailable" in cost)
    return { failed: `the reference workload cannot run on this server: ${cost.unavailable}` };
  const { legacyTokens, contractTokens, formula } = cost.workload;
  if (legacyTokens === null) {
    return { unavailable: cost.legacy.available ? "legacy baseline not measured" : cost.legacy.reason };
  }
  return { legacyTokens, contractTokens, note: formula };
}
