/**
 * A CacheStore on Redis, to share cached results between processes or edge
 * instances: `createRedisStore(new Redis(url))`. The Redis client is passed
 * in (ioredis, or anything with the same get/set/del), so neither this module
 * nor the client entry imports ioredis; it is published as its own subpath,
 * `oddkit-sdk/cache-redis`.
 *
 * Records are JSON under `<prefix><key>` with a PX expiry = the retention the
 * cache asks for; a value that does not parse as a record is deleted and
 * reported as a miss (the cache refetches), never served.
 */
import type { CacheRecord, CacheStore } from "./store.js";

/** The subset of an ioredis client the store uses. */
export interface RedisLike {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: "PX", milliseconds: number): Promise<unknown>;
  del(key: string): Promise<number>;
}

export interface RedisStoreOptions {
  /** Prepended to every key (default "oddkit-sdk:"), to share one Redis database safely. */
  readonly prefix?: string;
}

function isRecord(value: unknown): value is CacheRecord {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.text === "string" &&
    typeof r.bytes === "number" &&
    (typeof r.tokens === "number" || r.tokens === null) &&
    (typeof r.revision === "string" || r.revision === null) &&
    typeof r.storedAt === "number" &&
    typeof r.freshUntil === "number"
  );
}

export function createRedisStore(redis: RedisLike, options: RedisStoreOptions = {}): CacheStore {
  if (!redis || typeof redis.get !== "function" || typeof redis.set !== "function") {
    throw new TypeError("createRedisStore needs a Redis client (e.g. new Redis(url) from ioredis)");
  }
  const prefix = options.prefix ?? "oddkit-sdk:";
  return {
    async get(key) {
      const raw = await redis.get(prefix + key);
      if (raw === null) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
      if (isRecord(parsed)) return parsed;
      await redis.del(prefix + key);
      return undefined;
    },
    async set(key, record, retentionMs) {
      await redis.set(prefix + key, JSON.stringify(record), "PX", Math.max(1, Math.ceil(retentionMs)));
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
