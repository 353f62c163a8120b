/**
 * oddkit-sdk: the typed client entry. Runs on Node 20+, Deno, Cloudflare
 * Workers and browsers, so nothing reachable from here imports Node built-ins.
 *
 * It holds what a consumer calls (the client, the named helpers), what it
 * catches (the errors) and the contract's vocabulary it names in its own
 * types. The contract's schemas, rules, checks and builders are the
 * `oddkit-sdk/contract` entry (CHANGELOG.md lists what moved).
 */

// Token counting is the opt-in `oddkit-sdk/tokens` entry: exporting it here would put the tokenizer in every bundle.
export { byteLength } from "./bytes.js";
export * from "./client/index.js";
export {
  ACTIONS,
  type Action,
  type AnyEntry,
  type ContractResult,
  type DefaultDisclosure,
  type Entry,
  type ErrorCode,
  type ErrorEnvelope,
  type Filters,
  type FiltersApplied,
  FLAGS,
  type Flag,
  KINDS,
  type Kind,
  type ManyAction,
  type ManyResult,
  type OneAction,
  type OneResult,
  type PermittedFlag,
  type PreflightRole,
  type RequestInput,
  type SortBy,
} from "./contract/index.js";
export * from "./helpers/index.js";
