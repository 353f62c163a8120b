/**
 * The server's folder load (src/server/search/folder-load.ts): worker threads
 * read and parse chunks of a large folder kept on disk and, on a cold load,
 * build the search postings beside the reads. It must be `loadCorpus` followed
 * by the sequential index build, exactly: the same documents in the same order
 * with the same fields, warnings, skips and revision, and the same index byte
 * for byte (postings digest), whatever the number of threads — on the sample
 * corpus, the odd-frontmatter fixture and generated files with hostile
 * frontmatter, text and line ends.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../scripts/generate-corpus.js";
import { type Corpus, loadCorpus, OnDiskDocument, sampleCorpusDir } from "../../../src/corpus/index.js";
import { loadServedCorpusReport } from "../../../src/server/search/folder-load.js";
import { buildPostings } from "../../../src/server/search/postings.js";
import { prebuiltPostings } from "../../../src/server/search/prebuilt.js";
import { fieldTexts } from "../../../src/server/search/terms.js";
import { SearchIndex } from "../../../src/server/search-index.js";
import { postingsDigest } from "./postings-digest.js";

const ODD = fileURLToPath(new URL("../../fixtures/corpora/odd-frontmatter/", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
function write(root: string, path: string, text: string | Buffer): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Frontmatter a generator would not write: random keys and values, quotes, tabs, astral and lone surrogates. */
const hostileFile = fc
  .tuple(
    fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 40 })), {
      maxLength: 6,
    }),
    fc.string({ unit: "binary", maxLength: 400 }),
    fc.constantFrom("\n", "\r\n", "\r"),
    fc.boolean(),
  )
  .map(([pairs, body, eol, bom]) => {
    const yaml = pairs.map(([k, v]) => `${k.replace(/[\n\r]/g, "") || "k"}: ${v}`);
    const text = ["---", ...yaml, "---", `# ${body.slice(0, 20)}`, "", body].join(eol);
    return bom ? `\uFEFF${text}` : text;
  });

/** The sample corpus, the odd-frontmatter fixture and generated, hostile and edge-case files in one folder. */
let mixed: string;
beforeAll(() => {
  mixed = tempDir("oddkit-folder-load-");
  cpSync(sampleCorpusDir(), mixed, { recursive: true });
  cpSync(ODD, join(mixed, "odd-fixture"), { recursive: true });
  for (const file of generateCorpus({ docs: 300, seed: "folder-load" }))
    write(mixed, `gen/${file.path}`, file.text);
  fc.sample(hostileFile, { numRuns: 120, seed: 16 }).forEach((text, i) => {
    write(mixed, `hostile/h${String(i).padStart(3, "0")}.md`, text);
  });
  write(mixed, "edge/empty.md", "");
  write(
    mixed,
    "edge/latin1.md",
    Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0x3a, 0xe9, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a, 0xff]),
  );
  write(mixed, "edge/no-frontmatter.md", "# Only a heading\n\nAnd a body — with an em dash and 🎉.");
  write(mixed, "edge/noindex.md", "---\nexposure: noindex\n---\n# Hidden\n");
  write(mixed, "edge/same-uri.md", "---\nuri: klappy://shared/duplicate\n---\n# Again\n");
});

/** Everything a load serves, as comparable data (the text of on-disk documents is read back, and checked). */
function served(corpus: Corpus) {
  return {
    documents: corpus.documents.map((d) => ({ ...d })),
    warnings: corpus.warnings,
    skipped: corpus.skipped,
    revision: corpus.revision,
    uris: [...corpus.byUri.keys()],
    parsedFromCache: corpus.parsedFromCache,
  };
}

const sequentialDigest = (corpus: Corpus) =>
  postingsDigest(buildPostings(corpus.documents.length, (id) => fieldTexts(corpus.documents[id]!)));

describe("the server's folder load", () => {
  it("equals loadCorpus and the sequential index build, with 0, 1, 2 and 3 worker threads", async () => {
    const reference = await loadCorpus(mixed, { residentTextBytes: 0 });
    expect(reference.documents.length).toBeGreaterThan(900);
    expect(reference.warnings.length).toBeGreaterThan(10);
    const expected = served(reference);
    const digest = sequentialDigest(reference);
    for (const workers of [0, 1, 2, 3]) {
      const { corpus, report } = await loadServedCorpusReport(mixed, {
        residentTextBytes: 0,
        parallelFrom: 0,
        workers,
      });
      expect(report.workers).toBe(workers);
      if (workers > 0) expect(report.chunksInWorkers).toBeGreaterThan(0);
      expect(report.postings).toBe(true);
      expect(corpus.documents.every((d) => d instanceof OnDiskDocument)).toBe(true);
      expect(served(corpus)).toEqual(expected);
      const postings = prebuiltPostings(corpus.documents);
      expect(postings && postingsDigest(postings)).toBe(digest);
      // The server's index adopts them, and answers as an index built from the documents.
      const index = new SearchIndex(corpus.documents);
      expect(index.postings).toBe(postings);
      const fresh = new SearchIndex(
        reference.documents,
        buildPostings(reference.documents.length, (id) => fieldTexts(reference.documents[id]!)),
      );
      for (const query of ["contract caching", "duplicate", "session journals", "zzz"]) {
        const got = index.rank(query, () => true, 20);
        const want = fresh.rank(query, () => true, 20);
        expect(got.total).toBe(want.total);
        expect(got.hits.map((h) => [h.doc.path, h.score])).toEqual(
          want.hits.map((h) => [h.doc.path, h.score]),
        );
      }
    }
  }, 120_000);

  it("with a parse cache: the cold load builds the postings, the warm load reuses parses and builds none", async () => {
    const cache = tempDir("oddkit-folder-load-cache-");
    const reference = served(await loadCorpus(mixed, { residentTextBytes: 0 }));
    const cold = await loadServedCorpusReport(mixed, {
      residentTextBytes: 0,
      parallelFrom: 0,
      workers: 2,
      parseCache: cache,
    });
    expect(cold.report.postings).toBe(true);
    expect({ ...served(cold.corpus), parsedFromCache: undefined }).toEqual(reference);
    expect(cold.corpus.parsedFromCache).toBe(0);
    const warm = await loadServedCorpusReport(mixed, {
      residentTextBytes: 0,
      parallelFrom: 0,
      workers: 2,
      parseCache: cache,
    });
    expect(warm.report.postings).toBe(false);
    expect(warm.corpus.parsedFromCache).toBeGreaterThan(900);
    expect({ ...served(warm.corpus), parsedFromCache: undefined }).toEqual(reference);
    // A sequential warm load from the same cache serves the same.
    const sequentialWarm = await loadCorpus(mixed, { residentTextBytes: 0, parseCache: cache });
    expect(served(warm.corpus)).toEqual(served(sequentialWarm));
  }, 120_000);

  it("runs the chunks of workers that die (here: past a tiny heap limit) in the loading thread, same result", async () => {
    const reference = await loadCorpus(mixed, { residentTextBytes: 0 });
    const { corpus, report } = await loadServedCorpusReport(mixed, {
      residentTextBytes: 0,
      parallelFrom: 0,
      workers: 2,
      workerLimits: { maxOldGenerationSizeMb: 2, maxYoungGenerationSizeMb: 1 },
    });
    expect(report.workers).toBe(2);
    expect(report.chunksInWorkers).toBe(0);
    expect(report.chunksInThread).toBeGreaterThan(1);
    expect(served(corpus)).toEqual(served(reference));
    expect(postingsDigest(prebuiltPostings(corpus.documents)!)).toBe(sequentialDigest(reference));
  }, 120_000);

  it("runs the workers from the TypeScript sources through tsx when they are not built, same result", async () => {
    const reference = await loadCorpus(mixed, { residentTextBytes: 0 });
    const typescript = new URL("../../../src/server/search/load-worker.ts", import.meta.url);
    const { corpus, report } = await loadServedCorpusReport(
      mixed,
      { residentTextBytes: 0, parallelFrom: 0, workers: 2 },
      { workerModule: { typescript } },
    );
    expect(report.chunksInWorkers).toBeGreaterThan(0);
    expect(served(corpus)).toEqual(served(reference));
    expect(postingsDigest(prebuiltPostings(corpus.documents)!)).toBe(sequentialDigest(reference));
  }, 120_000);

  it("loads a small or resident folder as loadCorpus does, without threads", async () => {
    const small = await loadServedCorpusReport(sampleCorpusDir());
    expect(small.report).toEqual({ workers: 0, chunksInWorkers: 0, chunksInThread: 0, postings: false });
    expect(served(small.corpus)).toEqual(served(await loadCorpus(sampleCorpusDir())));
    await expect(loadServedCorpusReport(mixed, { workers: -1 })).rejects.toThrow(/workers/);
  });
});
