/**
 * `oddkit-sdk/audit`: the migration verification tools — frontmatter audit,
 * shadow compare, conformance suite and token-cost report. Node-only (reads
 * files); the client entry never imports this.
 */

export * from "../conformance/index.js";
export * from "../cost/index.js";
export * from "../shadow/index.js";
export { type AuditOptions, type AuditSource, auditCorpus, auditFiles } from "./audit.js";
export { auditDocument } from "./document.js";
export { auditVerdict, formatAuditMarkdown, formatAuditText } from "./format.js";
export * from "./types.js";
