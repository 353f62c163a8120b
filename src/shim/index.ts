/**
 * oddkit-sdk/shim: everything for the N→N+2 deprecation window — era
 * detection, deprecation tracking, window-response splitting, the forward
 * shim (new code, old server), the backward shim (old code, new server) and
 * the edge proxy.
 */
export * from "./call-site.js";
export * from "./codemods.js";
export * from "./deprecation.js";
export * from "./era.js";
export * from "./legacy-schemas.js";
export * from "./proxy.js";
export * from "./proxy-cache.js";
export * from "./window.js";
