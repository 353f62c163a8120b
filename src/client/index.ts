/**
 * The typed client: createOddkitClient, its error classes, cache stores and
 * public types. Nothing here imports Node built-ins (edge runtimes load it).
 */

export {
  type ContractViolation,
  isOddkitError,
  OddkitCallError,
  OddkitContractViolationError,
  OddkitError,
  type OddkitErrorOptions,
  OddkitNotFoundError,
  OddkitPaginationError,
  OddkitRequestError,
  type OddkitRequestInfo,
  type OddkitResponseInfo,
  OddkitTimeoutError,
  OddkitTransportError,
  type PaginationFailure,
  type TimeoutPhase,
} from "../errors/index.js";
export { cacheKey, canonicalParams } from "./cache/key.js";
export type { CacheOptions } from "./cache/layer.js";
export { DEFAULT_CACHE_TTL_MS, DEFAULT_STALE_RETENTION_MS } from "./cache/policy.js";
export {
  type CacheRecord,
  type CacheStore,
  createMemoryStore,
  type MemoryStoreOptions,
} from "./cache/store.js";
export {
  createOddkitClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type OddkitClientOptions,
} from "./client.js";
export { type ClientRetryOptions, DEFAULT_RETRY, type FetchLike, type RequestFetch } from "./http.js";
export { DEFAULT_MAX_ENTRIES } from "./paginate.js";
export type { InMemoryServer } from "./session.js";
export type * from "./types.js";
export { CLIENT_VERSION } from "./version.js";
