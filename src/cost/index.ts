/** Token-cost report: the legacy doc-listing call against the reference use cases, with weekly projections. */
export * from "./format.js";
export * from "./legacy.js";
export * from "./measure.js";
export * from "./projection.js";
export type { CostTarget } from "./target.js";
