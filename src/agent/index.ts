/**
 * What an agent does after the cheap browse.
 *
 * - links before bodies: `browse`, `links`, `expand` (bounded, never a silent cut);
 * - context for a task: `buildContext` (required inline, suggested as links), `renderContext`;
 * - evidence packets: `toEvidence` (versioned, with request and execution
 *   identities), `admit` (recheck against the caller's scope and the live
 *   server, then the token budget);
 * - grouped search: `searchGrouped`, `globalSearch(…, { grouped: true })`.
 *
 * Runs wherever the client runs (no Node built-ins).
 *
 * Internal barrel for imports inside src/ (and tests); not a package entry.
 * The public names are listed in src/entries/agent.ts.
 */
export { browse, isAnswer, rememberClient } from "./answer.js";
export { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from "./bounds.js";
export {
  type AgentContext,
  buildContext,
  type ContextOptions,
  DEFAULT_CONTEXT_BUDGET,
  REQUIRED_ROLES,
  renderContext,
} from "./context.js";
export type { Delivered, Unexpanded, UnexpandedReason } from "./deliver.js";
export { type EvidenceErrorCode, OddkitAgentOptionsError, OddkitEvidenceError } from "./errors.js";
export {
  ADMISSION_SCHEMA,
  type Admission,
  type AdmitOptions,
  admit,
  type Entered,
  type Refusal,
  type RefusalReason,
} from "./evidence/admit.js";
export { sha256Canonical } from "./evidence/identity.js";
export {
  EVIDENCE_SCHEMA,
  type EvidencePacket,
  EvidencePacketSchema,
  type EvidenceReference,
} from "./evidence/schema.js";
export { parseScope, scopeWidenings } from "./evidence/scope.js";
export { type EvidenceOptions, toEvidence } from "./evidence/to-evidence.js";
export { type ExpandOptions, type Expansion, expand, type LinkSelector, walkLinks } from "./expand.js";
export {
  type GlobalSearchOptions,
  type GroupedHit,
  type GroupedSearch,
  type GroupedSearchParams,
  type GroupOrigin,
  globalSearch,
  type SearchClient,
  type SearchGroup,
  type ServerTarget,
  searchGrouped,
} from "./grouped-search.js";
export { links } from "./links.js";
export { type RenderableItem, renderItem } from "./render-item.js";
export type { AgentClient, Answer, Link, LooseEntry, ManyPage, RankOrigin } from "./types.js";
