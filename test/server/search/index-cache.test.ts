/**
 * The on-disk search index cache (src/server/search/index-cache.ts): an
 * unchanged corpus folder is served from the cache with the same answers; a
 * changed corpus, a changed file under the cache's name (torn, truncated,
 * bit-flipped, someone else's) and a stray temporary file of a killed writer
 * all lead to a rebuild, never to a wrong answer.
 */
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sampleCorpusDir } from "../../../src/corpus/index.js";
import { createReferenceServer, type ReferenceServer } from "../../../src/server/index.js";
import { defaultIndexCacheDir } from "../../../src/server/search/index-cache.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
function corpusCopy(): string {
  const dir = tempDir("oddkit-cache-corpus-");
  cpSync(sampleCorpusDir(), dir, { recursive: true });
  return dir;
}
const idxFiles = (cache: string) => readdirSync(cache).filter((n) => n.endsWith(".idx"));

const QUERIES = ["contract caching", "session journals", "zzzunseenword", "pagination offset", "the"];
async function answers(server: ReferenceServer): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const input of QUERIES) {
    const r = await server.callTool("oddkit_search", { input, limit: 20 });
    const envelope = JSON.parse((r.content as { text: string }[])[0]!.text) as Record<string, unknown>;
    out.push(envelope.result);
  }
  return out;
}
async function open(corpus: string, cache: string) {
  const server = await createReferenceServer({ corpus, indexCache: cache });
  const result = { source: server.indexSource, answers: await answers(server) };
  await server.close();
  return result;
}

describe("the search index cache", () => {
  it("serves an unchanged corpus from the cache, with the same answers as a fresh build", async () => {
    const corpus = corpusCopy();
    const cache = tempDir("oddkit-cache-");
    const first = await open(corpus, cache);
    expect(first.source).toBe("built");
    expect(idxFiles(cache)).toHaveLength(1);
    const second = await open(corpus, cache);
    expect(second.source).toBe("cache");
    expect(second.answers).toEqual(first.answers);
    const uncached = await createReferenceServer({ corpus });
    expect(uncached.indexSource).toBe("built");
    expect(await answers(uncached)).toEqual(first.answers);
    await uncached.close();
  });

  it("a changed corpus misses the cache: the new text is searchable, and the old index file is removed", async () => {
    const corpus = corpusCopy();
    const cache = tempDir("oddkit-cache-");
    const before = await open(corpus, cache);
    expect(before.answers[2]).toMatchObject({ total: 0 });
    const [name] = idxFiles(cache);
    const probe = await createReferenceServer({ corpus });
    const target = probe.corpus.documents.find((d) => d.kind === "canon")!;
    await probe.close();
    appendFileSync(join(corpus, target.path), "\n\nA zzzunseenword appears.\n");
    const after = await open(corpus, cache);
    expect(after.source).toBe("built");
    expect(after.answers[2]).toMatchObject({ total: 1 });
    expect(idxFiles(cache)).toHaveLength(1);
    expect(idxFiles(cache)[0]).not.toBe(name);
    expect((await open(corpus, cache)).source).toBe("cache");
  });

  it.each([
    [
      "truncated (a writer killed mid-write under the real name)",
      (b: Buffer) => b.subarray(0, b.length >> 1),
    ],
    [
      "one flipped byte in the postings",
      (b: Buffer) => {
        const c = Buffer.from(b);
        c[c.length - 100]! ^= 0xff;
        return c;
      },
    ],
    ["empty", () => Buffer.alloc(0)],
    ["not an index at all", () => Buffer.from("hello, world\n".repeat(100))],
  ])("a cache file that is %s is ignored and rebuilt, answers unchanged", async (_, damage) => {
    const corpus = corpusCopy();
    const cache = tempDir("oddkit-cache-");
    const good = await open(corpus, cache);
    const [name] = idxFiles(cache) as [string];
    writeFileSync(join(cache, name), damage(readFileSync(join(cache, name))));
    const rebuilt = await open(corpus, cache);
    expect(rebuilt.source).toBe("built");
    expect(rebuilt.answers).toEqual(good.answers);
    // The rebuild rewrote a valid file.
    expect((await open(corpus, cache)).source).toBe("cache");
  });

  it("a stray temporary file of a killed writer is never read", async () => {
    const corpus = corpusCopy();
    const cache = tempDir("oddkit-cache-");
    const good = await open(corpus, cache);
    const [name] = idxFiles(cache) as [string];
    const bytes = readFileSync(join(cache, name));
    rmSync(join(cache, name));
    writeFileSync(join(cache, `${name}.12345.abc.tmp`), bytes.subarray(0, 1000));
    const next = await open(corpus, cache);
    expect(next.source).toBe("built");
    expect(next.answers).toEqual(good.answers);
  });

  it("serves as usual when the cache folder cannot be written (a file stands where it should be)", async () => {
    const corpus = corpusCopy();
    const blocker = join(tempDir("oddkit-cache-"), "a-file");
    writeFileSync(blocker, "not a folder");
    const blocked = await open(corpus, join(blocker, "index"));
    expect(blocked.source).toBe("built");
    expect(blocked.answers).toEqual((await open(corpus, tempDir("oddkit-cache-"))).answers);
  });

  it("two corpus folders with the same content share nothing but stay correct", async () => {
    const cache = tempDir("oddkit-cache-");
    const a = corpusCopy();
    const b = corpusCopy();
    await open(a, cache);
    await open(b, cache);
    expect(idxFiles(cache)).toHaveLength(2);
    expect((await open(a, cache)).source).toBe("cache");
    expect((await open(b, cache)).source).toBe("cache");
  });

  it("is located by ODDKIT_INDEX_CACHE_DIR / XDG_CACHE_HOME and switched off by ODDKIT_INDEX_CACHE=off", () => {
    expect(defaultIndexCacheDir({ ODDKIT_INDEX_CACHE: "off" })).toBeNull();
    expect(defaultIndexCacheDir({ ODDKIT_INDEX_CACHE_DIR: "/x/y" })).toBe("/x/y");
    expect(defaultIndexCacheDir({ XDG_CACHE_HOME: "/c" })).toBe(join("/c", "oddkit-sdk", "index"));
  });
});
