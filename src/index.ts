/**
 * oddkit-sdk: the typed client entry. Runs on Node 20+, Deno, Cloudflare
 * Workers and browsers, so nothing reachable from here imports Node built-ins.
 *
 * The learnable core, listed by name: the client and its option and result
 * types, the eight named use-case helpers, the errors a caller catches, and
 * the contract types a caller writes. Tuning defaults are documented on the
 * options that take them; the contract's schemas, rules and builders are
 * `oddkit-sdk/contract` (CHANGELOG.md lists what moved where).
 */

// Token counting is the opt-in `oddkit-sdk/tokens` entry: exporting it here would put the tokenizer in every bundle.
export { type CacheRecord, type CacheStore, createMemoryStore } from "./client/cache/store.js";
export { createOddkitClient, type OddkitClientOptions } from "./client/client.js";
export type { ClientRetryOptions } from "./client/http.js";
export type {
  CallOptions,
  ClientEvent,
  ClientResult,
  OddkitClient,
  PaginateOptions,
} from "./client/types.js";
export type { Entry } from "./contract/entries.js";
export type { Flag, Kind } from "./contract/enums.js";
export type { Filters } from "./contract/filters.js";
export type { RequestInput } from "./contract/requests.js";
export type { ManyResult, OneResult } from "./contract/responses.js";
export { OddkitCallError } from "./errors/call-error.js";
export { type ContractViolation, OddkitContractViolationError } from "./errors/contract-violation-error.js";
export { HelperArgumentError } from "./errors/helper-argument-error.js";
export { OddkitNotFoundError } from "./errors/not-found-error.js";
export { isOddkitError, OddkitError } from "./errors/oddkit-error.js";
export { OddkitPaginationError } from "./errors/pagination-error.js";
export { OddkitRequestError } from "./errors/request-error.js";
export { OddkitTimeoutError } from "./errors/timeout-error.js";
export { OddkitTransportError } from "./errors/transport-error.js";
export type { HelperOverrides, HelperResult } from "./helpers/functions.js";
export {
  getCanonGovernanceIndex,
  getEssayPage,
  getEssaysIndex,
  getNotebook,
  getSessionHistory,
  getSitemap,
  getStartHereCarousel,
  globalSearch,
} from "./helpers/index.js";
export { verifiedPublic } from "./helpers/verify-public.js";
