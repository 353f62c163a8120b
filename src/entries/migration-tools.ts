/**
 * oddkit-sdk/migration-tools: the tools that judge a migration — the corpus
 * audit, the conformance suite, the token-cost measurement and the shadow
 * comparison of a legacy and a contract answer.
 */
export { type AuditOptions, auditCorpus, auditFiles } from "../audit/audit.js";
export { auditDocument } from "../audit/document.js";
export { formatAuditMarkdown, formatAuditText } from "../audit/format.js";
export type { AuditReport } from "../audit/types.js";
export { type ConformanceOptions, runConformance } from "../conformance/conformance.js";
export { formatConformanceText } from "../conformance/format.js";
export type { ConformanceReport } from "../conformance/run.js";
export { formatCostText } from "../cost/format.js";
export { type CostOptions, type CostReport, measureCost } from "../cost/measure.js";
export type { ShadowDocument } from "../shadow/compare.js";
export { formatShadowText } from "../shadow/format.js";
export { type ShadowOptions, type ShadowReport, shadowCompare } from "../shadow/run.js";
export { createShadowWrapper, type ShadowWrapper, type ShadowWrapperOptions } from "../shadow/wrapper.js";
