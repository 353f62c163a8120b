/**
 * runConformance: the contract's 11 checks against any server — a live URL,
 * an embedded reference server in any mode, or a typed client's raw
 * passthrough. Check 11 is measured with the token-cost workload.
 */

export * from "../caller/caller.js";
export { type ConformanceOptions, runConformance } from "./conformance.js";
export * from "./evidence.js";
export * from "./format.js";
export * from "./requests.js";
export * from "./run.js";
