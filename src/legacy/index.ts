/**
 * The legacy (0.28.x) oddkit shapes as pure builders over loaded documents:
 * used by the reference server's legacy and window modes, reusable by shims.
 */
export * from "./bm25.js";
export * from "./catalog.js";
export * from "./documents.js";
export * from "./envelope.js";
export * from "./frontmatter.js";
export * from "./get.js";
export * from "./lookup.js";
export * from "./params.js";
export * from "./preflight.js";
export * from "./resolve.js";
export * from "./search.js";
export * from "./text.js";
