/**
 * The result cache between the typed actions and the server.
 *
 * - Fresh record → served without a server call.
 * - Concurrent identical requests (same canonical key) share one in-flight call.
 * - Expired record that carries a revision → the revision a version probe saw,
 *   shared by every record of this server (the revision is the knowledge
 *   base's): in flight, then reused for the record's TTL (`probeReuseMs`);
 *   same revision → the record is renewed until that probe's time + TTL and
 *   served (`revalidated`), different → refetched. Renewing from the probe's
 *   time, not from now, keeps the bound a single call has: a change is seen
 *   within one TTL of being made.
 * - Server that reports no revision → plain TTL (expired means refetch).
 *
 * Revision tags err on the old side: a fetched text is tagged with the
 * revision seen by a probe made *before* the fetch, so a tag can only be older
 * than the data (costing at most one needless refetch), never newer (which
 * would let stale data pass revalidation).
 */
import type { Action, ResolvedRequest } from "../../contract/index.js";
import { OddkitError } from "../../errors/index.js";
import { withLazyBytes } from "../lazy-bytes.js";
import { cacheKey } from "./key.js";
import {
  DEFAULT_CACHE_TTL_MS,
  DEFAULT_STALE_RETENTION_MS,
  DEFAULT_STORE_RETRY_MS,
  DEFAULT_STORE_TIMEOUT_MS,
} from "./policy.js";
import { type CacheRecord, type CacheStore, createMemoryStore } from "./store.js";

/** The client cache (`OddkitClientOptions.cache`): where records live, how long each action's answers stay fresh, how they are revalidated. */
export interface CacheOptions {
  /** Where records live (default: an in-memory LRU of `maxEntries`). */
  readonly store?: CacheStore;
  /** Freshness per action in ms, merged over DEFAULT_CACHE_TTL_MS; 0 turns caching off for that action. */
  readonly ttlMs?: Partial<Record<Action, number>>;
  /** Capacity of the default in-memory store (default 500 records). */
  readonly maxEntries?: number;
  /** Revalidate expired records with a version probe when the server reports a revision (default true). */
  readonly revalidate?: boolean;
  /** How long an expired record with a revision is kept for revalidation (default 1 day). */
  readonly staleRetentionMs?: number;
  /** How long one probe's answer serves every expiring record (default: the record's TTL). */
  readonly probeReuseMs?: number;
  /** Key prefix separating servers that share a store (default: the endpoint URL, or "embedded"). */
  readonly namespace?: string;
  /** Clock in ms (default Date.now). */
  readonly now?: () => number;
  /** Longest wait for one store operation before the call goes to the network (default 500 ms). */
  readonly storeTimeoutMs?: number;
  /** After a store failure, how long the store is left alone (calls go uncached) before it is tried again (default 30 s). */
  readonly storeRetryMs?: number;
}

/** A store operation that did not answer within `storeTimeoutMs`. */
export class CacheStoreTimeoutError extends OddkitError {
  override readonly name = "CacheStoreTimeoutError";
}

export type StoreOperation = "get" | "set" | "delete";

/** What a fetch produced, ready to cache. */
export interface FetchedText {
  readonly text: string;
  readonly tokens: number | null;
  /** What the server sent, when it is not `text` itself (a collection's pages); default: the bytes of `text`. */
  readonly bytes?: number;
  /** The parsed, validated envelope (handed to the first caller; later callers parse `text`). */
  readonly envelope: Record<string, unknown>;
}

export interface CacheOutcome {
  readonly record: CacheRecord;
  readonly cached: boolean;
  readonly revalidated: boolean;
  /** The envelope object, for the one caller that may take it without re-parsing. */
  readonly take: () => Record<string, unknown>;
}

/** A fetch of what a record will hold; `revision` is the tag the record gets (seen before the fetch). */
export type RecordFetch = (revision: string | null) => Promise<FetchedText>;

/** The probe answers the server's current revision, or null when it reports none; throws when it cannot tell. */
export type RevisionProbe = () => Promise<string | null>;

/** Should a failed probe be treated as "this server has no revision" (true) or as a transient failure (false)? */
export type ProbeFailureIsPermanent = (error: unknown) => boolean;

export class ResultCache {
  readonly namespace: string;
  readonly #store: CacheStore;
  readonly #ttl: Record<Action, number>;
  readonly #revalidate: boolean;
  readonly #staleRetention: number;
  readonly #probeReuse?: number;
  readonly #now: () => number;
  readonly #inflight = new Map<string, Promise<CacheOutcome>>();
  #support: "unknown" | "yes" | "no" = "unknown";
  #revision: string | null = null;
  #probedAt = Number.NEGATIVE_INFINITY;
  #probing: Promise<string | null> | null = null;
  readonly #storeTimeout: number;
  readonly #storeRetry: number;
  /** While the store is failing: skip it until this time; one warning per outage. */
  #storeDownUntil = Number.NEGATIVE_INFINITY;
  #storeDown = false;

  constructor(
    options: CacheOptions,
    defaultNamespace: string,
    private readonly probe: RevisionProbe,
    private readonly isPermanentProbeFailure: ProbeFailureIsPermanent,
    private readonly onStoreError?: (error: unknown, operation: StoreOperation) => void,
  ) {
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? createMemoryStore({ maxEntries: options.maxEntries, now: this.#now });
    this.#ttl = { ...DEFAULT_CACHE_TTL_MS, ...options.ttlMs };
    for (const [action, ttl] of Object.entries(this.#ttl)) {
      if (!Number.isFinite(ttl) || ttl < 0) {
        throw new TypeError(`cache.ttlMs.${action} must be a non-negative number of ms, got ${String(ttl)}`);
      }
    }
    this.#revalidate = options.revalidate ?? true;
    this.#staleRetention = options.staleRetentionMs ?? DEFAULT_STALE_RETENTION_MS;
    this.#probeReuse = options.probeReuseMs;
    this.namespace = options.namespace ?? defaultNamespace;
    this.#storeTimeout = options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
    this.#storeRetry = options.storeRetryMs ?? DEFAULT_STORE_RETRY_MS;
    for (const [name, value] of [
      ["storeTimeoutMs", this.#storeTimeout],
      ["storeRetryMs", this.#storeRetry],
    ] as const) {
      if (!Number.isFinite(value) || value < 0) {
        throw new TypeError(`cache.${name} must be a non-negative number of ms, got ${String(value)}`);
      }
    }
  }

  /** Drop the record of `request`, or of the collection it starts (a cached answer that failed validation). */
  async discard(request: ResolvedRequest, collection = false): Promise<void> {
    const key = `${collection ? "collect:" : ""}${cacheKey(this.namespace, request)}`;
    this.#inflight.delete(key);
    try {
      await this.#withTimeout(this.#store.delete(key), "delete");
    } catch (error) {
      this.#storeFailed(error, "delete");
    }
  }

  /** Does this action use the cache at all? */
  enabledFor(action: Action): boolean {
    return this.#ttl[action] > 0;
  }

  /**
   * Serve `request` from the cache or through `fetch`, deduplicating concurrent identical
   * requests. `collection`: the record is a whole collection (every page of a listing) keyed by
   * its first page's request, served, revalidated and refetched as one answer.
   */
  through(request: ResolvedRequest, fetch: RecordFetch, collection = false): Promise<CacheOutcome> {
    const key = `${collection ? "collect:" : ""}${cacheKey(this.namespace, request)}`;
    const pending = this.#inflight.get(key);
    if (pending) return pending.then(shared);
    // `oddkit_version` reports the revision of the server's own knowledge base; an
    // answer about another one (`knowledge_base_url`) cannot be revalidated by it.
    const revisable = (request.params as { knowledge_base_url?: unknown }).knowledge_base_url === undefined;
    const promise = this.#serve(key, request.action, revisable, fetch, collection).finally(() =>
      this.#inflight.delete(key),
    );
    this.#inflight.set(key, promise);
    return promise;
  }

  async #serve(
    key: string,
    action: Action,
    revisable: boolean,
    fetch: RecordFetch,
    collection: boolean,
  ): Promise<CacheOutcome> {
    const record = await this.#read(key);
    const now = this.#now();
    if (record && now < record.freshUntil) return fromRecord(record, { cached: true, revalidated: false });
    if (record && record.revision !== null && this.#revalidate) {
      const ttl = this.#ttl[action];
      const current = await this.probeShared(false, this.#probeReuse ?? ttl);
      if (current !== null && current === record.revision) {
        const renewed: CacheRecord = { ...record, storedAt: now, freshUntil: this.#probedAt + ttl };
        await this.#write(key, renewed, this.#retention(action, renewed));
        return fromRecord(renewed, { cached: true, revalidated: true });
      }
      return this.#fetchAndStore(key, action, fetch, current);
    }
    // A collection is checked against its tag once fetched (stillAt): the tag must be of now.
    const tag = revisable ? await (collection ? this.probeShared() : this.#revisionForFetch()) : null;
    return this.#fetchAndStore(key, action, fetch, tag);
  }

  async #fetchAndStore(
    key: string,
    action: Action,
    fetch: RecordFetch,
    revision: string | null,
  ): Promise<CacheOutcome> {
    const fetched = await fetch(revision);
    const now = this.#now();
    const fields = {
      text: fetched.text,
      tokens: fetched.tokens,
      revision,
      storedAt: now,
      freshUntil: now + this.#ttl[action],
    };
    // `bytes` is counted on first read (a store that serializes the record reads it then).
    const record: CacheRecord =
      fetched.bytes === undefined ? withLazyBytes(fields, fetched.text) : { bytes: fetched.bytes, ...fields };
    await this.#write(key, record, this.#retention(action, record));
    let envelope: Record<string, unknown> | null = fetched.envelope;
    return {
      record,
      cached: false,
      revalidated: false,
      take: () => {
        const out = envelope ?? JSON.parse(record.text);
        envelope = null;
        return out;
      },
    };
  }

  // The cache is an optimisation: a failing store (Redis down, quota hit)
  // degrades to uncached calls and is reported, never fails the call itself.
  // Each operation is bounded by storeTimeoutMs; after a failure the store is
  // skipped for storeRetryMs (no call waits on a dead store), and one outage
  // is reported once, not once per call.
  async #read(key: string): Promise<CacheRecord | undefined> {
    if (this.#skipStore()) return undefined;
    try {
      const record = await this.#withTimeout(this.#store.get(key), "get");
      this.#storeDown = false;
      return record;
    } catch (error) {
      this.#storeFailed(error, "get");
      return undefined;
    }
  }

  async #write(key: string, record: CacheRecord, retentionMs: number): Promise<void> {
    if (this.#skipStore()) return;
    try {
      await this.#withTimeout(this.#store.set(key, record, retentionMs), "set");
      this.#storeDown = false;
    } catch (error) {
      this.#storeFailed(error, "set");
    }
  }

  #skipStore(): boolean {
    return this.#storeDown && this.#now() < this.#storeDownUntil;
  }

  #storeFailed(error: unknown, operation: StoreOperation): void {
    if (!this.#storeDown) this.onStoreError?.(error, operation);
    this.#storeDown = true;
    this.#storeDownUntil = this.#now() + this.#storeRetry;
  }

  #withTimeout<T>(operation: Promise<T>, name: StoreOperation): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new CacheStoreTimeoutError(
              `cache store ${name} did not answer within ${this.#storeTimeout} ms (storeTimeoutMs); calls go to the network for the next ${this.#storeRetry} ms (storeRetryMs)`,
            ),
          ),
        this.#storeTimeout,
      );
      // Node: a pending store timer must not keep a process alive on its own.
      (timer as { unref?: () => void }).unref?.();
    });
    return Promise.race([operation, timeout]).finally(() => clearTimeout(timer));
  }

  #retention(action: Action, record: CacheRecord): number {
    const ttl = this.#ttl[action];
    return record.revision !== null && this.#revalidate ? ttl + this.#staleRetention : ttl;
  }

  /** The revision to tag a fetch with: probe once if support is unknown, else the last probe's answer. */
  async #revisionForFetch(): Promise<string | null> {
    if (!this.#revalidate || this.#support === "no") return null;
    if (this.#support === "unknown") return this.probeShared();
    return this.#revision;
  }

  /**
   * One probe shared by every caller that needs it (in flight, or answered less than `reuse` ms
   * ago); `fresh`: not an answer already given (what a fetch of several calls asks once it is
   * done, to know they were all answered at one revision).
   */
  probeShared(fresh = false, reuse = 0): Promise<string | null> {
    if (this.#probing) return this.#probing;
    if (!fresh && this.#support !== "unknown" && this.#now() - this.#probedAt < reuse) {
      return Promise.resolve(this.#revision);
    }
    this.#probing = this.probe()
      .then(
        (revision) => {
          this.#support = revision === null ? "no" : "yes";
          this.#revision = revision;
          this.#probedAt = this.#now();
          return revision;
        },
        (error: unknown) => {
          if (this.#support === "unknown" && this.isPermanentProbeFailure(error)) this.#support = "no";
          return null;
        },
      )
      .finally(() => {
        this.#probing = null;
      });
    return this.#probing;
  }
}

function fromRecord(record: CacheRecord, flags: { cached: boolean; revalidated: boolean }): CacheOutcome {
  return { record, ...flags, take: () => JSON.parse(record.text) };
}

/** A waiter on someone else's in-flight call: no server call of its own (so `cached`), its own parsed copy. */
function shared(outcome: CacheOutcome): CacheOutcome {
  return { ...outcome, cached: true, take: () => JSON.parse(outcome.record.text) };
}
