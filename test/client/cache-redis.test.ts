/**
 * The Redis CacheStore against a real redis-server (CI installs it; see
 * .ci/run). The test starts its own server on a free port, without
 * persistence, and stops it afterwards.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisStore } from "../../src/client/cache/redis.js";
import { getEssaysIndex } from "../../src/helpers/index.js";
import { createOddkitClient, type OddkitClient } from "../../src/index.js";
import { FakeServer, makeDocs } from "./fake-server.js";

function redisServerPath(): string | null {
  try {
    return execFileSync("which", ["redis-server"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const binary = redisServerPath();
if (!binary)
  console.warn("cache-redis tests SKIPPED: redis-server is not on PATH (apt-get install redis-server)");

// Outside CI a missing redis-server only skips; in CI (.ci/run installs it) a skip would hide the adapter.
it.runIf(process.env.CI === "true")("CI has redis-server on PATH (installed by .ci/run)", () => {
  expect(binary, "redis-server missing in CI: .ci/run must apt-get install it").toBeTruthy();
});

describe.skipIf(!binary)("createRedisStore on a real redis-server", () => {
  let proc: ChildProcess;
  let redis: Redis;
  const clients: OddkitClient[] = [];

  /**
   * A client whose cache is the shared Redis store under `prefix`, on `clock`'s time. A busy
   * machine may answer slower than the 500 ms default store bound: these tests are about sharing.
   */
  const sharingClient = (server: FakeServer, prefix: string, clock: { now: number }) => {
    const c = createOddkitClient({
      server,
      cache: {
        store: createRedisStore(redis, { prefix }),
        now: () => clock.now,
        storeTimeoutMs: 10 * 60_000,
      },
    });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    const port = await freePort();
    proc = spawn(
      binary!,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    redis = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0 });
    // Refused connections while redis-server starts are expected; the loop below retries them.
    redis.on("error", () => undefined);
    // Bounded by attempts, not a deadline: a busy machine may start redis-server slowly.
    for (let attempt = 0; ; attempt++) {
      try {
        if (redis.status !== "ready") await redis.connect();
        if ((await redis.ping()) === "PONG") break;
      } catch (error) {
        if (attempt > 2_000) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    redis?.disconnect();
    if (proc && proc.exitCode === null) {
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill();
      await exited;
    }
  });

  it("stores, reads and deletes records with a PX retention", async () => {
    const store = createRedisStore(redis, { prefix: "t1:" });
    const record = { text: '{"a":1}', bytes: 7, tokens: 3, revision: "r1", storedAt: 1, freshUntil: 2 };
    await store.set("k", record, 60_000);
    expect(await store.get("k")).toEqual(record);
    const ttl = await redis.pttl("t1:k");
    expect(ttl).toBeGreaterThan(59_000);
    await store.delete("k");
    expect(await store.get("k")).toBeUndefined();
    await store.set("short", record, 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(await store.get("short")).toBeUndefined();
  });

  it("treats a value that is not a record as a miss and removes it", async () => {
    const store = createRedisStore(redis, { prefix: "t2:" });
    await redis.set("t2:bad", "not json");
    expect(await store.get("bad")).toBeUndefined();
    expect(await redis.exists("t2:bad")).toBe(0);
  });

  it("shares cached results between clients, and revalidates through it", async () => {
    const server = new FakeServer({ revision: "rev-9" });
    const clock = { now: 0 };
    const make = () => sharingClient(server, "t3:", clock);
    const a = make();
    const b = make();
    const first = await a.catalog({ disclosure: ["metadata"] });
    const second = await b.catalog({ disclosure: ["metadata"] });
    expect(server.count("oddkit_catalog")).toBe(1);
    expect(second.meta).toMatchObject({ cached: true, tokens: first.meta.tokens, revision: "rev-9" });
    clock.now += 5 * 60_000 + 1;
    const third = await b.catalog({ disclosure: ["metadata"] });
    expect(third.meta.revalidated).toBe(true);
    expect(server.count("oddkit_catalog")).toBe(1);
  });

  it("shares a listing helper's whole collection between clients, and revalidates it through the store", async () => {
    const docs = makeDocs(250, "writings/essay").map((d) => ({
      ...d,
      metadata: { ...d.metadata, audience: "public", exposure: "public" },
    }));
    const server = new FakeServer({ docs, revision: "rev-1" });
    const clock = { now: 0 };
    const make = () => sharingClient(server, "t4:", clock);
    const a = make();
    const b = make();
    const first = await getEssaysIndex(a);
    const pages = server.count("oddkit_catalog");
    expect(pages).toBe(first.meta.pages);
    expect(pages).toBeGreaterThan(1);
    const second = await getEssaysIndex(b);
    expect(server.count("oddkit_catalog")).toBe(pages);
    expect(second.meta).toMatchObject({ cached: true, calls: 0, revision: "rev-1", bytes: first.meta.bytes });
    expect(second.data).toEqual(first.data);
    clock.now += 5 * 60_000 + 1;
    const third = await getEssaysIndex(b);
    expect(third.meta.revalidated).toBe(true);
    expect(server.count("oddkit_catalog")).toBe(pages);
    // A change seen by one client refetches once; the other is served that refetch from the store.
    server.revision = "rev-2";
    clock.now += 5 * 60_000 + 1;
    const changed = await getEssaysIndex(a);
    expect(changed.meta).toMatchObject({ cached: false, revision: "rev-2" });
    expect((await getEssaysIndex(b)).meta).toMatchObject({ cached: true, revision: "rev-2" });
    expect(server.count("oddkit_catalog")).toBe(2 * pages);
  });
});
