/**
 * The proxy's tool-result cache: identical retrieval calls (same tool, same
 * arguments in canonical form) within the TTL are answered without the
 * upstream. Only successful results are stored; errors never are.
 */
import { LRUCache } from "lru-cache";
import { canonicalJson } from "../client/cache/key.js";
import {
  ACTIONS,
  type Action,
  type ActionToolName,
  actionForTool,
  toolNameFor,
  UNIFIED_TOOL,
} from "../contract/index.js";

/** Where cached tool results live; the default is an in-process LRU. Plug Redis/KV in through this. */
export interface ProxyCacheStore {
  get(key: string): Promise<unknown> | unknown;
  set(key: string, value: unknown, ttlMs: number): Promise<void> | void;
}

export interface ProxyCacheOptions {
  /** Lifetime of a cached result, ms (default 5 minutes, the field notes' edge TTL). */
  readonly ttlMs?: number;
  /** Results kept by the default store (default 1,000). */
  readonly max?: number;
  readonly store?: ProxyCacheStore;
}

export const DEFAULT_PROXY_TTL_MS = 5 * 60_000;

/** Tools whose results depend only on their arguments (and the knowledge base): safe to cache. */
export const CACHEABLE_TOOLS: readonly ActionToolName[] = ACTIONS.map(toolNameFor);
/** Actions of the unified `oddkit` tool that are retrieval (cacheable). */
export const CACHEABLE_ACTIONS: readonly Action[] = ACTIONS;

/** Whether a tool call is a retrieval: an `oddkit_<action>` tool, or the unified tool with a retrieval action. */
export function isRetrievalCall(tool: string, args: Record<string, unknown>): boolean {
  return (
    actionForTool(tool) !== null ||
    (tool === UNIFIED_TOOL && (ACTIONS as readonly unknown[]).includes(args.action))
  );
}

/** The canonical JSON of request arguments is the client cache's (one definition for both caches). */
export { canonicalJson };

/** The cache key of a tool call, or null when the call is not a cacheable retrieval. */
export function cacheKeyOf(tool: string, args: Record<string, unknown>): string | null {
  return isRetrievalCall(tool, args) ? `${tool} ${canonicalJson(args)}` : null;
}

export function memoryStore(max: number): ProxyCacheStore {
  const lru = new LRUCache<string, { value: unknown }>({ max, ttlAutopurge: false });
  return {
    get: (key) => lru.get(key)?.value,
    set: (key, value, ttlMs) => {
      lru.set(key, { value }, { ttl: ttlMs });
    },
  };
}
