/**
 * Freshness by file stamp (corpus/stamp.ts): the parse cache remembers each
 * file's stamp (size, mtime/ctime ns, inode, device) beside its content hash,
 * and a load takes the cached parse of a file whose stamp is unchanged
 * without reading it — unless the file changed within RACY_WINDOW_NS of the
 * load that recorded it (the racy-git rule), in which case it is read and
 * hashed again. The clock the rule measures against is passed in
 * (`loadCorpusWith`'s `clock`), so no test depends on how long it runs.
 */
import { lstatSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CorpusFileChangedError } from "../../src/corpus/index.js";
import { type CorpusOptions, loadCorpus, loadCorpusWith, parseFolderFiles } from "../../src/corpus/load.js";
import { ParseCache } from "../../src/corpus/parse-cache.js";
import { RACY_WINDOW_NS, settledStamp, stampOf } from "../../src/corpus/stamp.js";
import type { Corpus } from "../../src/corpus/types.js";
import { tempDirs, wholeCorpus } from "./corpus-snapshot.js";

const tempDir = tempDirs("freshness");

/** A clock an hour ahead: every file of the test counts as settled. */
const later = () => (BigInt(Date.now()) + 3_600_000n) * 1_000_000n;
const load = (dir: string, options: CorpusOptions, clock: () => bigint = later) =>
  loadCorpusWith(dir, options, parseFolderFiles, clock);

function corpusOf(files: Record<string, string>): string {
  const dir = tempDir("corpus");
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

const FILES: Record<string, string> = {
  "a.md":
    "---\ntitle: Alpha\nkind: canon\n---\n# Alpha\n\n> The alpha line.\n\nBody of alpha about caches.\n",
  "b.md": "---\ntitle: Beta\ntags: [x, y]\n---\n# Beta\n\nBeta body.\n",
  "c.md": "# Gamma without frontmatter\n\nGamma body.\n",
  "d.md": "---\nexposure: noindex\n---\n# Hidden\n",
};

const stampsOf = (dir: string, cache: string, corpus: Corpus, paths: readonly string[]) => {
  const opened = ParseCache.open(cache, realpathSync(dir), corpus.kindMap);
  return paths.map((p) => opened.cachedStamp(p));
};

describe("file stamps and the racy-git rule", () => {
  it("records a stamp only for a file whose mtime and ctime are a window older than the load start", () => {
    const dir = corpusOf({ "a.md": "# A\n" });
    const stats = lstatSync(join(dir, "a.md"), { bigint: true });
    // biome-ignore lint/complexity/useMathMinMax: Math.max takes no bigint
    const newest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
    expect(settledStamp(stats, newest + RACY_WINDOW_NS)).toBeNull();
    expect(settledStamp(stats, newest + RACY_WINDOW_NS + 1n)).toBe(stampOf(stats));
    expect(stampOf(stats)).toBe(`${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}:${stats.dev}`);
    expect(stampOf(lstatSync(dir, { bigint: true }))).toBeNull(); // a folder has no stamp
  });

  it("takes unchanged files from the cache without reading them, and the corpus is the uncached one", async () => {
    const dir = corpusOf(FILES);
    const cache = tempDir("cache");
    const uncached = await loadCorpus(dir);
    const first = await load(dir, { parseCache: cache });
    expect(stampsOf(dir, cache, first, ["a.md", "b.md", "c.md", "d.md"]).every((s) => s !== undefined)).toBe(
      true,
    );
    const warm = await load(dir, { parseCache: cache });
    expect(warm.parsedFromCache).toBe(4);
    expect(wholeCorpus(warm)).toEqual(wholeCorpus(uncached));

    // Not read at load: a file changed after this load is refused on first use, never served stale.
    const proven = await load(dir, { parseCache: cache });
    writeFileSync(join(dir, "a.md"), `${FILES["a.md"]}changed after the load\n`);
    const alpha = proven.byPath.get("a.md")!;
    expect(() => alpha.raw).toThrow(CorpusFileChangedError);
    expect(() => alpha.body).toThrow(/changed since the corpus was loaded/);
    // Once read, a resident document keeps its text, as a resident document read at load does.
    const beta = proven.byPath.get("b.md")!;
    expect(beta.raw).toBe(FILES["b.md"]);
    writeFileSync(join(dir, "b.md"), "# rewritten\n");
    expect(beta.raw).toBe(FILES["b.md"]);
  });

  it("gives the same corpus with its text kept on disk", async () => {
    const dir = corpusOf(FILES);
    const cache = tempDir("cache");
    const uncached = await loadCorpus(dir, { residentTextBytes: 0 });
    await load(dir, { parseCache: cache, residentTextBytes: 0 });
    const warm = await load(dir, { parseCache: cache, residentTextBytes: 0 });
    expect(warm.parsedFromCache).toBe(4);
    expect(wholeCorpus(warm)).toEqual(wholeCorpus(uncached));
  });

  it("reads again a file whose stamp changed: new size, or the same size saved through a new inode", async () => {
    const dir = corpusOf(FILES);
    const cache = tempDir("cache");
    await load(dir, { parseCache: cache });
    writeFileSync(join(dir, "a.md"), FILES["a.md"]!.replace("caches", "caches and more"));
    // An editor's save: same length, written beside and renamed over (a new inode).
    writeFileSync(join(dir, "b.tmp"), FILES["b.md"]!.replace("Beta body", "BETA BODY"));
    renameSync(join(dir, "b.tmp"), join(dir, "b.md"));
    const warm = await load(dir, { parseCache: cache });
    expect(wholeCorpus(warm)).toEqual(wholeCorpus(await loadCorpus(dir)));
    expect(warm.byPath.get("b.md")!.body).toContain("BETA BODY");
    expect(warm.parsedFromCache).toBe(2); // c.md and d.md
  });

  it("racy: a file changed within the window of the load start is read and hashed on every load", async () => {
    const dir = corpusOf(FILES);
    const cache = tempDir("cache");
    const ctime = statSync(join(dir, "a.md"), { bigint: true }).ctimeNs;
    // The load starts within the window after the files were written: no stamp is recorded.
    const justAfter = () => ctime + 1_000_000n;
    const first = await load(dir, { parseCache: cache }, justAfter);
    expect(stampsOf(dir, cache, first, ["a.md", "b.md"])).toEqual([undefined, undefined]);
    // A same-size rewrite in place, which may keep the very same size, mtime and ctime (the same
    // timestamp tick), is still seen: the file is hashed, not trusted.
    const same = FILES["a.md"]!.replace("alpha", "ALPHA");
    expect(same.length).toBe(FILES["a.md"]!.length);
    writeFileSync(join(dir, "a.md"), same);
    const second = await load(dir, { parseCache: cache }, justAfter);
    expect(second.byPath.get("a.md")!.raw).toBe(same);
    expect(wholeCorpus(second)).toEqual(wholeCorpus(await loadCorpus(dir)));
    // Once settled, the next load records the stamps.
    const settled = await load(dir, { parseCache: cache });
    expect(stampsOf(dir, cache, settled, ["a.md", "b.md"]).every((s) => s !== undefined)).toBe(true);
  });

  it("a stale stamp is dropped when the file is read and found to hash the same (touch)", async () => {
    const dir = corpusOf(FILES);
    const cache = tempDir("cache");
    const first = await load(dir, { parseCache: cache });
    const [before] = stampsOf(dir, cache, first, ["c.md"]);
    // Same bytes through a new inode: the stamp changes, the hash does not.
    writeFileSync(join(dir, "c.tmp"), readFileSync(join(dir, "c.md")));
    renameSync(join(dir, "c.tmp"), join(dir, "c.md"));
    const second = await load(dir, { parseCache: cache });
    expect(second.parsedFromCache).toBe(4);
    const [after] = stampsOf(dir, cache, second, ["c.md"]);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(after).toBe(stampOf(lstatSync(join(dir, "c.md"), { bigint: true })));
  });

  // One edit per file between two loads: then each edit changes the stamp whatever the clock's tick
  // (an append grows the file on its inode; a replace takes a new inode while the old one is still
  // in use, so never the recorded one). Two edits of one file within one tick could restore a
  // recorded stamp through a reused inode: the racy case the window exists for, which a clock an
  // hour ahead switches off.
  it("any sequence of edits between loads: the cached load is the uncached one", async () => {
    const edit = fc.record({
      op: fc.constantFrom("append", "replace", "remove"),
      file: fc.constantFrom("a.md", "b.md", "c.md", "e.md", "f.md"),
      text: fc.string({ maxLength: 40 }),
    });
    const round = fc.uniqueArray(edit, { selector: (e) => e.file, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 3 }), async (rounds) => {
        const dir = corpusOf(FILES);
        const cache = tempDir("cache");
        await load(dir, { parseCache: cache });
        for (const edits of rounds) {
          for (const e of edits) {
            const file = join(dir, e.file);
            let old: string | null = null;
            try {
              old = readFileSync(file, "utf8");
            } catch {
              old = null;
            }
            if (e.op === "remove") rmSync(file, { force: true });
            else if (e.op === "append" && old !== null) writeFileSync(file, `${old}${e.text}!`);
            else {
              // Through a new inode (beside, then renamed over), whatever its length.
              writeFileSync(`${file}.tmp`, `# ${e.text}\n`);
              renameSync(`${file}.tmp`, file);
            }
          }
          const cached = await load(dir, { parseCache: cache });
          expect(wholeCorpus(cached)).toEqual(wholeCorpus(await loadCorpus(dir)));
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
