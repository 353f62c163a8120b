/**
 * `oddkit-sdk/agent`: what an agent does after the cheap browse.
 *
 * - links before bodies: `browse`, `links`, `expand`/`walkLinks` (bounded, never a silent cut);
 * - context for a task: `buildContext` (required inline, suggested as links), `renderContext`;
 * - evidence packets: `toEvidence` (versioned, with request and execution
 *   identities), `admit` (recheck against the caller's scope and the live
 *   server, then the token budget);
 * - grouped search: `searchGrouped` (one ranked list per kind and per server).
 *
 * Runs wherever the client runs (no Node built-ins).
 */
export { browse } from "../agent/answer.js";
export { type AgentContext, buildContext, type ContextOptions, renderContext } from "../agent/context.js";
export { type EvidenceErrorCode, OddkitAgentOptionsError, OddkitEvidenceError } from "../agent/errors.js";
export { type Admission, type AdmitOptions, admit } from "../agent/evidence/admit.js";
export { type EvidencePacket, EvidencePacketSchema } from "../agent/evidence/schema.js";
export { type EvidenceOptions, toEvidence } from "../agent/evidence/to-evidence.js";
export { type ExpandOptions, type Expansion, expand, walkLinks } from "../agent/expand.js";
export { type GroupedSearch, type GroupedSearchParams, searchGrouped } from "../agent/grouped-search.js";
export { links } from "../agent/links.js";
export type { Answer, Link } from "../agent/types.js";
