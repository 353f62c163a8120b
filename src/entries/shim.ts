/**
 * oddkit-sdk/shim: the N→N+2 deprecation window — era detection, deprecation
 * tracking, window-response splitting, the forward shim (new code, old
 * server), the backward shim (old code, new server) and the edge proxy.
 */
export type { Era } from "../contract/version-window.js";
export { ContractCallError } from "../errors/contract-call-error.js";
export { EraDetectionError } from "../errors/era-detection-error.js";
export { LegacyShapeError } from "../errors/legacy-shape-error.js";
export { PathProbeError } from "../errors/path-probe-error.js";
export { WindowContractViolationError } from "../errors/window-contract-violation-error.js";
export { createLegacyCompat, type LegacyCompat, type LegacyCompatOptions } from "../shim/backward/compat.js";
export { createLegacyCompatServer } from "../shim/backward/server.js";
export {
  DeprecationTracker,
  type LegacyUsageSummary,
  legacyUsageSummary,
  resetLegacyUsage,
} from "../shim/deprecation.js";
export type { DeprecationEvent } from "../shim/deprecation-event.js";
export { detectEra, windowEnd } from "../shim/era.js";
export { ForwardShim, type ForwardShimOptions } from "../shim/forward/emulate.js";
export type { ToolCaller } from "../shim/forward/legacy-caller.js";
export { createForwardShimServer } from "../shim/forward/server.js";
/** The legacy (0.28.x) answers' exact shapes, as the reference server's legacy mode builds them (types only). */
export type * as Legacy028 from "../shim/legacy-shapes.js";
export { LegacyUsageError } from "../shim/legacy-usage-error.js";
export { createOddkitProxy, type OddkitProxyOptions } from "../shim/proxy.js";
export type { ProxyCacheStore } from "../shim/proxy-cache.js";
export { type SplitWindowResult, splitWindowResult } from "../shim/window.js";
export {
  type EmulatedResultMeta,
  type ShimmedClient,
  type WithShimsOptions,
  withShims,
} from "../shim/with-shims.js";
