/**
 * How a listing helper reaches a client's result cache: a whole collection
 * (every page of one listing) is one record, keyed by its first page's
 * request, served, revalidated and refetched as one answer. The helper keeps
 * the paging and its consistency checks (helpers/collect.ts); the client
 * decides whether and how the collection is cached (client.ts).
 */
import type { ManyAction } from "../contract/index.js";

type Json = Record<string, unknown>;

/** One page call of a collection: the page's parameters, its result (with `meta`). */
export type CollectionPageCall = (params: Json) => Promise<Json>;

/** What a helper hands the client to collect one listing. */
export interface CollectionRequest {
  readonly action: ManyAction;
  /** The first page's parameters (the helper's request, `limit` = page size, `offset` 0). */
  readonly firstPage: Json;
  /** Every page through `call`, checked as one listing; throws when the pages disagree. */
  readonly collect: (call: CollectionPageCall) => Promise<readonly Json[]>;
  /** The error to throw when the knowledge base's revision moved while the pages were fetched. */
  readonly moved: () => Error;
}

/** What a collection cost and where it came from, as a single call's `meta` says it. */
export interface CollectionMeta {
  /** Served from the cache without fetching a page. */
  readonly cached: boolean;
  /** Served from the cache after a version probe confirmed the revision. */
  readonly revalidated: boolean;
  /** The knowledge_base_revision the pages were fetched at, when the server reports one. */
  readonly revision?: string;
  /** Pages fetched from the server for this answer (0 when served from the cache). */
  readonly calls: number;
  /** UTF-8 bytes of the pages' tool results as the server sent them. */
  readonly bytes: number;
  /** cl100k tokens of those pages; null when the client counts none. */
  readonly tokens: number | null;
}

/** A collection from the client cache (or fetched through it): its pages and where they came from. */
export interface CollectionOutcome {
  readonly pages: readonly Json[];
  readonly cached: boolean;
  readonly revalidated: boolean;
  readonly revision?: string | null;
  readonly bytes: number;
  readonly tokens: number | null;
}

/** Collect through the client cache, or null when this client does not cache this collection. */
export type CollectionSource = (request: CollectionRequest) => Promise<CollectionOutcome | null>;

/** The collection source of every client made by createOddkitClient (set there, read by collectAll). */
export const collectionSources = new WeakMap<object, CollectionSource>();

/** A collection record's text: each page's tool result text, in page order. */
export type StoredPages = string[];

/** What pages cost together: their bytes, and their tokens (null when any page has none counted). */
export function pageTotals(pages: readonly { readonly meta?: unknown }[]): {
  bytes: number;
  tokens: number | null;
} {
  let bytes = 0;
  let tokens: number | null = 0;
  for (const { meta } of pages as { meta: { bytes: number; tokens: number | null } }[]) {
    bytes += meta.bytes;
    tokens = meta.tokens === null || tokens === null ? null : tokens + meta.tokens;
  }
  return { bytes, tokens };
}
