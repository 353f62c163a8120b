/** The migration report: audit, conformance and cost of one target, in one run. */
export * from "./format.js";
export * from "./remote-audit.js";
export * from "./report.js";
