/**
 * The contract core: the one place where the retrieval disclosure contract's
 * enumerations, caps, schemas, rules, error envelopes and checks live.
 *
 * Internal barrel for imports inside src/ (and tests); not a package entry.
 * The public names are listed in src/entries/contract.ts.
 */
export * from "./actions.js";
export * from "./caps.js";
export * from "./checks/index.js";
export * from "./compliance.js";
export * from "./entries.js";
export * from "./enums.js";
export * from "./errors.js";
export * from "./fast-accept.js";
export * from "./filters.js";
export * from "./json-schema.js";
export * from "./kinds.js";
export * from "./output-schema.js";
export * from "./requests.js";
export * from "./responses.js";
export * from "./rules.js";
export * from "./tools.js";
export * from "./uris.js";
export * from "./window.js";
