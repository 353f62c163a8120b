/**
 * Freshness by file stamp (corpus/stamp.ts) through the server's folder load:
 * files read by its worker threads (load-chunk.ts) carry their stamps into
 * the parse cache as the one-file-at-a-time loader's do, so the next load
 * proves them unchanged without reading or hashing them — except files
 * changed within RACY_WINDOW_NS of the load that read them (the racy-git
 * rule). The clock is passed in, so no test depends on how long it runs.
 * Each load serves what an uncached load serves (test/corpus/freshness.test.ts
 * holds the same for `loadCorpus`).
 */
import {
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../../scripts/generate-corpus.js";
import { loadCorpus } from "../../../src/corpus/load.js";
import { ParseCache } from "../../../src/corpus/parse-cache.js";
import { stampOf } from "../../../src/corpus/stamp.js";
import type { Corpus } from "../../../src/corpus/types.js";
import { type FolderLoadOptions, loadServedCorpusReport } from "../../../src/server/search/folder-load.js";
import { tempDirs, wholeCorpus } from "../../corpus/corpus-snapshot.js";

const tempDir = tempDirs("folder-freshness");

/** A clock an hour ahead: every file of the test counts as settled. */
const later = () => (BigInt(Date.now()) + 3_600_000n) * 1_000_000n;
/** Worker threads for any folder, its text kept on disk (the server's large-folder load). */
const THREADED: FolderLoadOptions = { residentTextBytes: 0, parallelFrom: 0, workers: 2 };

const load = (dir: string, cache: string, clock: () => bigint = later) =>
  loadServedCorpusReport(dir, { ...THREADED, parseCache: cache }, { clock });
const uncached = (dir: string) => loadCorpus(dir, { residentTextBytes: 0 });

/** A folder of generated documents (chunks of 128 files) and a skipped one. */
function corpusOf(docs = 300): string {
  const dir = tempDir("corpus");
  for (const file of generateCorpus({ docs, seed: "folder-freshness" })) {
    writeFileSync(join(dir, file.path.replaceAll("/", "_")), file.text);
  }
  writeFileSync(join(dir, "hidden.md"), "---\nexposure: noindex\n---\n# Hidden\n");
  return dir;
}

const markdownOf = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".md"));
const stampsOf = (dir: string, cache: string, corpus: Corpus) => {
  const opened = ParseCache.open(cache, realpathSync(dir), corpus.kindMap);
  return markdownOf(dir).map((p) => opened.cachedStamp(p));
};

describe("file stamps through the folder load's worker threads", () => {
  it("records each file's stamp; the next load proves every file without a worker and serves the same", async () => {
    const dir = corpusOf();
    const cache = tempDir("cache");
    const cold = await load(dir, cache);
    expect(cold.report.chunksInWorkers).toBeGreaterThan(1);
    const stamps = stampsOf(dir, cache, cold.corpus);
    expect(stamps.length).toBe(301);
    expect(stamps).toEqual(markdownOf(dir).map((p) => stampOf(lstatSync(join(dir, p), { bigint: true }))));

    const warm = await load(dir, cache);
    expect(warm.corpus.parsedFromCache).toBe(301);
    expect(warm.report).toEqual({ workers: 0, chunksInWorkers: 0, chunksInThread: 0, postings: false });
    expect(wholeCorpus(warm.corpus)).toEqual(wholeCorpus(await uncached(dir)));
  }, 120_000);

  it("racy: files changed within the window of the load start get no stamp, and a same-size rewrite is seen", async () => {
    const dir = corpusOf();
    const cache = tempDir("cache");
    const [first] = markdownOf(dir);
    const ctime = statSync(join(dir, first!), { bigint: true }).ctimeNs;
    // The load starts within the window after the files were written: no stamp is recorded.
    const justAfter = () => ctime + 1_000_000n;
    const cold = await load(dir, cache, justAfter);
    expect(cold.report.chunksInWorkers).toBeGreaterThan(1);
    expect(stampsOf(dir, cache, cold.corpus).every((s) => s === undefined)).toBe(true);
    // A same-size rewrite in place (possibly the very same size, mtime and ctime): hashed, not trusted.
    const text = readFileSync(join(dir, first!), "utf8");
    const same = text.replace(/[a-z]/, (c) => c.toUpperCase());
    expect(same).not.toBe(text);
    writeFileSync(join(dir, first!), same);
    const second = await load(dir, cache, justAfter);
    expect(second.report.chunksInWorkers).toBeGreaterThan(1);
    expect(second.corpus.parsedFromCache).toBe(300);
    expect(wholeCorpus(second.corpus)).toEqual(wholeCorpus(await uncached(dir)));
    // Once settled, the next load records the stamps.
    const settled = await load(dir, cache);
    expect(stampsOf(dir, cache, settled.corpus).every((s) => s !== undefined)).toBe(true);
  }, 120_000);

  // One edit per file between two loads (see test/corpus/freshness.test.ts on why: each edit then
  // changes the stamp whatever the clock's tick).
  it("any sequence of edits between loads: the threaded cached load is the uncached one", async () => {
    const dir = corpusOf(140);
    const names = markdownOf(dir);
    const edit = fc.record({
      op: fc.constantFrom("append", "replace", "remove", "touch"),
      file: fc.constantFrom(...names.slice(0, 6), "new-a.md", "new-b.md"),
      text: fc.string({ maxLength: 40 }),
    });
    const round = fc.uniqueArray(edit, { selector: (e) => e.file, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 2 }), async (rounds) => {
        const work = tempDir("edits");
        for (const name of names) writeFileSync(join(work, name), readFileSync(join(dir, name)));
        const cache = tempDir("cache");
        await load(work, cache);
        for (const edits of rounds) {
          for (const e of edits) {
            const file = join(work, e.file);
            let old: Buffer | null = null;
            try {
              old = readFileSync(file);
            } catch {
              old = null;
            }
            if (e.op === "remove") rmSync(file, { force: true });
            else if (e.op === "append" && old !== null) writeFileSync(file, `${old}${e.text}!`);
            else if (e.op === "touch" && old !== null) {
              // Same bytes through a new inode: the stamp changes, the hash does not.
              writeFileSync(`${file}.tmp`, old);
              renameSync(`${file}.tmp`, file);
            } else {
              writeFileSync(`${file}.tmp`, `# ${e.text}\n`);
              renameSync(`${file}.tmp`, file);
            }
          }
          const cached = await load(work, cache);
          expect(wholeCorpus(cached.corpus)).toEqual(wholeCorpus(await uncached(work)));
        }
      }),
      { numRuns: 5 },
    );
  }, 240_000);
});
