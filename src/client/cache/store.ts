/**
 * Where cached results live. A store keeps records for `retentionMs` (longer
 * than their freshness, so that an expired record can still be revalidated
 * with a version probe instead of being refetched); freshness itself is the
 * record's `freshUntil`, judged by the client.
 */
/** A validated tool result as cached: the text exactly as received, plus its accounting. */
export interface CacheRecord {
  /** The tool result's JSON text (already validated against the contract when stored). */
  readonly text: string;
  readonly bytes: number;
  /** cl100k tokens of `text` (null when token counting is off). */
  readonly tokens: number | null;
  /** Server `knowledge_base_revision` the text is known to be at least as new as; null when unknown. */
  readonly revision: string | null;
  /** When the text was fetched or last revalidated (ms since epoch, client clock). */
  readonly storedAt: number;
  /** Fresh until this time; afterwards it is revalidated (or refetched). */
  readonly freshUntil: number;
}

/** Async key/value store with per-entry retention; implement it to share a cache between processes. */
export interface CacheStore {
  get(key: string): Promise<CacheRecord | undefined>;
  /** Keep `record` under `key` for `retentionMs` (the store may evict it earlier, e.g. by LRU). */
  set(key: string, record: CacheRecord, retentionMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Options of `createMemoryStore`. */
export interface MemoryStoreOptions {
  /** Most records kept; least recently used are evicted first (default 500). */
  readonly maxEntries?: number;
  /** Clock in ms (default Date.now); tests inject one. */
  readonly now?: () => number;
}

/**
 * The default store: an in-process LRU with per-record retention, read with
 * the client's clock so retention and freshness agree. A Map in recency order
 * is the whole LRU (least recent first): the client entry ships to edge
 * runtimes under a size budget, and lru-cache alone would be a quarter of it.
 *
 * @example
 * ```ts
 * import { createMemoryStore, createOddkitClient } from "oddkit-sdk";
 *
 * // One store shared by two clients (one per consumer label), holding at most 2 000 answers.
 * const store = createMemoryStore({ maxEntries: 2_000 });
 * const site = createOddkitClient({ url: "https://host/mcp", consumer: "site", cache: { store, namespace: "host" } });
 * const feed = createOddkitClient({ url: "https://host/mcp", consumer: "feed", cache: { store, namespace: "host" } });
 * ```
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): CacheStore {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError(`cache maxEntries must be a positive integer, got ${String(maxEntries)}`);
  }
  const entries = new Map<string, { record: CacheRecord; expiresAt: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (now() > entry.expiresAt) return undefined; // past retention: gone, as if evicted
      entries.set(key, entry); // most recently used now
      return entry.record;
    },
    async set(key, record, retentionMs) {
      entries.delete(key);
      entries.set(key, { record, expiresAt: now() + Math.max(1, Math.ceil(retentionMs)) });
      // Over the bound: the least recently used record goes first.
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
