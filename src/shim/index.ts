/**
 * Everything for the N→N+2 deprecation window — era
 * detection, deprecation tracking, window-response splitting, the forward
 * shim (new code, old server), the backward shim (old code, new server) and
 * the edge proxy.
 *
 * Internal barrel for imports inside src/ (and tests); not a package entry.
 * The public names are listed in src/entries/shim.ts.
 */

export {
  ContractCallError,
  EraDetectionError,
  LegacyShapeError,
  PathProbeError,
  WindowContractViolationError,
} from "../errors/index.js";
/** The legacy (0.28) server's implicit page sizes, which a migrated call must state explicitly (the codemods read them). */
export { LEGACY_CATALOG_DEFAULT_LIMIT, LEGACY_CATALOG_MAX_LIMIT } from "../legacy/catalog.js";
export { LEGACY_SEARCH_MAX_HITS } from "../legacy/search.js";
export * from "./backward/compat.js";
export * from "./backward/differences.js";
export {
  createLegacyCompatServer,
  type LegacyCompatServerOptions,
  legacyToolList,
} from "./backward/server.js";
export * from "./call-site.js";
export * from "./codemods.js";
export * from "./deprecation.js";
export * from "./era.js";
export * from "./forward/differences.js";
export {
  type EmulatedAnswer,
  ForwardShim,
  type ForwardShimOptions,
} from "./forward/emulate.js";
export type { ShimCost, ToolCallAnswer, ToolCaller } from "./forward/legacy-caller.js";
export {
  contractToolList,
  createForwardShimServer,
  type ForwardShimServerOptions,
} from "./forward/server.js";
export * from "./legacy-schemas.js";
/** The legacy (0.28.x) answers' exact shapes, as the reference server's legacy mode builds them (types only). */
export type * as Legacy028 from "./legacy-shapes.js";
export { LegacyUsageError } from "./legacy-usage-error.js";
export * from "./proxy.js";
export * from "./proxy-cache.js";
export * from "./window.js";
export * from "./with-shims.js";
