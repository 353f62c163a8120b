/**
 * The migration verification tools — frontmatter audit,
 * shadow compare, conformance suite and token-cost report. Node-only (reads
 * files); the client entry never imports this.
 *
 * Internal barrel for imports inside src/ (and tests); not a package entry.
 * The public names are listed in src/entries/migration-tools.ts.
 */

export * from "../conformance/index.js";
export * from "../cost/index.js";
export * from "../shadow/index.js";
export { type AuditOptions, type AuditSource, auditCorpus, auditFiles } from "./audit.js";
export { auditDocument } from "./document.js";
export { auditVerdict, formatAuditMarkdown, formatAuditText } from "./format.js";
export * from "./types.js";
