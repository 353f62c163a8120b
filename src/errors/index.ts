/**
 * Every error class of oddkit-sdk, one a file, all under `OddkitError`.
 *
 * - `OddkitCallError` and its subclasses: one failed client call (request
 *   refused, not found, contract broken, transport, timeout, pagination).
 * - The rest: a helper called wrongly, a CLI flag, the deprecation window's
 *   shims (era, legacy shapes, window responses, path probes, contract
 *   calls). `LegacyUsageError` lives beside the deprecation tracker whose
 *   event it carries (src/shim/legacy-usage-error.ts).
 */
export {
  OddkitCallError,
  type OddkitErrorOptions,
  type OddkitRequestInfo,
  type OddkitResponseInfo,
} from "./call-error.js";
export { CliUsageError } from "./cli-usage-error.js";
export { ContractCallError } from "./contract-call-error.js";
export { type ContractViolation, OddkitContractViolationError } from "./contract-violation-error.js";
export { CorpusFileChangedError } from "./corpus-file-changed-error.js";
export { EmptyCorpusError } from "./empty-corpus-error.js";
export { EraDetectionError } from "./era-detection-error.js";
export { HelperArgumentError } from "./helper-argument-error.js";
export { KindMapFileError } from "./kind-map-file-error.js";
export { LegacyShapeError } from "./legacy-shape-error.js";
export { OddkitNotFoundError } from "./not-found-error.js";
export { isOddkitError, OddkitError } from "./oddkit-error.js";
export { OddkitPaginationError, type PaginationFailure } from "./pagination-error.js";
export { PathProbeError } from "./path-probe-error.js";
export { OddkitRequestError } from "./request-error.js";
export { OddkitTimeoutError, type TimeoutPhase } from "./timeout-error.js";
export { TokenizerMissingError } from "./tokenizer-missing-error.js";
export { OddkitTransportError } from "./transport-error.js";
export { WindowContractViolationError } from "./window-contract-violation-error.js";
