/**
 * Shapes shared by the agent entry: the client it needs, an answer kept with
 * the request that produced it, and links. Entries are read loosely (as
 * records) because the agent works at any disclosure the caller chose.
 */
import type { OddkitClient, ServerVersion } from "../client/types.js";
import type { Flag, ManyAction, PreflightRole } from "../contract/index.js";

/** What the agent entry needs from a client (any `OddkitClient` fits). */
export type AgentClient = Pick<
  OddkitClient,
  "search" | "catalog" | "preflight" | "get" | "resolve" | "paginate" | "version"
>;

/** One entry of a listing, search or preflight result, at whatever disclosure was asked. */
export type LooseEntry = Readonly<Record<string, unknown>> & { readonly uri: string; readonly title: string };

/** A multi-result page as the client returns it (contract fields; `meta` and window fields ignored). */
export interface ManyPage {
  readonly status: string;
  readonly data: readonly LooseEntry[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly disclosure_applied: readonly Flag[];
  readonly filters_applied: Readonly<Record<string, unknown>>;
}

/**
 * A listing, search or preflight answer together with what produced it: the
 * request as the caller passed it (so every page can be walked again) and
 * the server identity it was answered under.
 */
export interface Answer<A extends ManyAction = ManyAction> {
  readonly action: A;
  /** Client parameters as passed (`query`/`task`, filters, disclosure, limit, offset). */
  readonly request: Readonly<Record<string, unknown>>;
  readonly result: ManyPage;
  /** `server_version` and `knowledge_base_revision` when the answer was fetched. */
  readonly source: ServerVersion;
}

/** How the entry got its place in the answer: which ranking, at which rank, with which score. */
export interface RankOrigin {
  /** `search` (server relevance), `catalog:path`/`catalog:date` (sort order), `preflight:<role>`. */
  readonly method: string;
  /** 1-based position in the whole answer (`offset + i + 1`). */
  readonly rank: number;
  /** The server's score (search only; method-specific, not comparable across methods); else null. */
  readonly score: number | null;
}

/**
 * A document addressable by `get`: its floor fields, the blockquote as fetch
 * guidance ("what is this, should I follow it?") when the answer disclosed
 * it, and where it came from.
 */
export interface Link {
  readonly uri: string;
  readonly title: string;
  /** The blockquote under the H1; null when the document has none; undefined when the answer did not disclose it. */
  readonly guidance?: string | null;
  /** Preflight role, when the answer is a preflight bundle. */
  readonly role?: PreflightRole;
  readonly origin: RankOrigin;
}
