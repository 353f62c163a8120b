/**
 * oddkit-sdk: the typed client entry. Runs on Node 20+, Deno, Cloudflare
 * Workers and browsers, so nothing reachable from here imports Node built-ins.
 */

export * from "./client/index.js";
export * from "./contract/index.js";
export * from "./helpers/index.js";
export { byteLength, countTokens } from "./tokens.js";
