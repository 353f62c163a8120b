/**
 * oddkit-sdk: the typed client entry. Runs on Node 20+, Deno, Cloudflare
 * Workers and browsers, so nothing reachable from here imports Node built-ins.
 */

// Token counting is the opt-in `oddkit-sdk/tokens` entry: exporting it here would put the tokenizer in every bundle.
export { byteLength } from "./bytes.js";
export * from "./client/index.js";
export * from "./contract/index.js";
export * from "./helpers/index.js";
