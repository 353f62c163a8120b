/**
 * How long each action's answers stay fresh in the cache, and why.
 *
 * Every retrieval answer is a pure function of the request and the knowledge
 * base's revision, so the TTL only bounds how long a change in the knowledge
 * base can go unseen (and with revision-keyed revalidation, an expired entry
 * costs one shared version probe, not a refetch, when nothing changed).
 *
 * - catalog: 5 minutes. Listings back index pages rendered hundreds of times
 *   a minute and the knowledge base changes on a scale of days (the reference consumer's traffic, docs/helpers.md).
 * - get, resolve: 5 minutes. A document changes with the same tempo as the
 *   catalog that lists it; keeping them aligned avoids a fresh page linking
 *   to a stale one for longer than a listing would.
 * - search, preflight: 1 minute. Interactive (⌘K, related links, agent task
 *   bundles): an author who just edited a document expects to find it, and
 *   queries are varied enough that long-lived entries rarely hit anyway.
 */
import { ACTION_SPECS, ACTIONS, type Action } from "../../contract/index.js";

/** Per action, from the action table's `cacheTtlMs` column (ACTION_SPECS). */
export const DEFAULT_CACHE_TTL_MS: Readonly<Record<Action, number>> = Object.fromEntries(
  ACTIONS.map((action) => [action, ACTION_SPECS[action].cacheTtlMs]),
) as Record<Action, number>;

/** How long a store keeps an expired record that carries a revision, so it can be revalidated (1 day). */
export const DEFAULT_STALE_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Longest wait for one cache store operation (500 ms). A store is a LAN
 * Redis or memory: answers take a millisecond. A store that does not answer
 * in time (Redis down: ioredis queues commands through its reconnects, which
 * stalled each call 40–80 s) counts as failed: the call goes to the network.
 */
export const DEFAULT_STORE_TIMEOUT_MS = 500;

/** After a store failure, how long the cache leaves the store alone before trying it again (30 s). */
export const DEFAULT_STORE_RETRY_MS = 30_000;
