/** Token-cost report: the legacy doc-listing call against the reference use cases, and the week measured through the client cache (the formula beside it). */
export * from "./format.js";
export * from "./legacy.js";
export * from "./measure.js";
export * from "./projection.js";
export { CountingServer, type ServedFigures } from "./served.js";
export type { CostTarget } from "./target.js";
export {
  measureWeek,
  type UseCaseArguments,
  WeekKnowledgeBase,
  type WeekMeasurement,
  type WeekOptions,
  type WeekPolicy,
} from "./week.js";
