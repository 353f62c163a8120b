/**
 * The parse cache (corpus/parse-cache.ts): a load that reuses cached parses
 * gives exactly the corpus a load without the cache gives — documents, their
 * order and fields, warnings, skipped files, revision — whatever the files
 * hold, and a changed, added or removed file, another kind map, or a cache
 * file that is torn or tampered with is never answered from the cache.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import type { CorpusDocument } from "../../src/corpus/types.js";
import { tempDirs, wholeCorpus } from "./corpus-snapshot.js";

const tempDir = tempDirs("parse-cache");
function copyOfSample(): string {
  const dir = tempDir("corpus");
  cpSync(sampleCorpusDir(), dir, { recursive: true });
  return dir;
}

describe("a load through the parse cache", () => {
  it("answers an unchanged folder from the cache with the very corpus an uncached load gives", async () => {
    const dir = copyOfSample();
    const cache = tempDir("cache");
    const uncached = await loadCorpus(dir);
    expect(uncached.parsedFromCache).toBeUndefined();
    const cold = await loadCorpus(dir, { parseCache: cache });
    expect(cold.parsedFromCache).toBe(0);
    const warm = await loadCorpus(dir, { parseCache: cache });
    const files = uncached.documents.length + uncached.skipped.length;
    expect(warm.parsedFromCache).toBe(files);
    expect(wholeCorpus(cold)).toEqual(wholeCorpus(uncached));
    expect(wholeCorpus(warm)).toEqual(wholeCorpus(uncached));
    expect(warm.documents.map((d) => JSON.stringify(d))).toEqual(
      uncached.documents.map((d) => JSON.stringify(d)),
    );
  });

  it("gives the same corpus with its text kept on disk", async () => {
    const dir = copyOfSample();
    const cache = tempDir("cache");
    const uncached = await loadCorpus(dir, { residentTextBytes: 0 });
    await loadCorpus(dir, { parseCache: cache, residentTextBytes: 0 });
    const warm = await loadCorpus(dir, { parseCache: cache, residentTextBytes: 0 });
    expect(warm.parsedFromCache).toBeGreaterThan(500);
    expect(wholeCorpus(warm)).toEqual(wholeCorpus(uncached));
  });

  it("parses again exactly the files whose text changed, and drops removed ones", async () => {
    const dir = copyOfSample();
    const cache = tempDir("cache");
    const first = await loadCorpus(dir, { parseCache: cache });
    const [a, b] = first.documents as [CorpusDocument, CorpusDocument];
    // Same length, same timestamps would not matter: the key is the text's hash.
    writeFileSync(
      join(dir, a.path),
      a.raw.replace(/title: .*/, (line) => `${line.slice(0, -1)}X`),
    );
    rmSync(join(dir, b.path));
    writeFileSync(join(dir, "docs", "added-later.md"), "---\ntitle: Added later\n---\n# Added\n\nNew.\n");
    const second = await loadCorpus(dir, { parseCache: cache });
    const files = second.documents.length + second.skipped.length;
    expect(second.parsedFromCache).toBe(files - 2);
    expect(wholeCorpus(second)).toEqual(wholeCorpus(await loadCorpus(dir)));
    expect(second.byPath.get(a.path)!.title).not.toBe(a.title);
    expect(second.byPath.has(b.path)).toBe(false);
    expect(second.byPath.get("docs/added-later.md")!.title).toBe("Added later");
  });

  it("keeps kind maps apart: another map never meets the first map's kinds", async () => {
    const dir = copyOfSample();
    const cache = tempDir("cache");
    await loadCorpus(dir, { parseCache: cache });
    const kindMap = { "docs/": "canon" as const };
    const other = await loadCorpus(dir, { parseCache: cache, kindMap });
    expect(other.parsedFromCache).toBe(0);
    expect(wholeCorpus(other)).toEqual(wholeCorpus(await loadCorpus(dir, { kindMap })));
  });

  it("ignores a torn, tampered or foreign cache file, and rewrites it", async () => {
    const dir = copyOfSample();
    const cache = tempDir("cache");
    const uncached = wholeCorpus(await loadCorpus(dir));
    await loadCorpus(dir, { parseCache: cache });
    const file = join(cache, readdirSync(cache).find((n) => n.endsWith(".docs"))!);
    const good = readFileSync(file);
    const damaged = [
      good.subarray(0, good.length >> 1), // torn mid-write
      Buffer.concat([good.subarray(0, 100), Buffer.from([good[100]! ^ 0xff]), good.subarray(101)]), // one byte flipped
      Buffer.from("not a cache file at all"),
      Buffer.alloc(0),
    ];
    for (const bytes of damaged) {
      writeFileSync(file, bytes);
      const load = await loadCorpus(dir, { parseCache: cache });
      expect(load.parsedFromCache).toBe(0);
      expect(wholeCorpus(load)).toEqual(uncached);
      // Rewritten whole: the next load takes every file from it. (Not byte-compared with `good`:
      // files that settled meanwhile gain their stamps, stamp.ts, so the bytes depend on the clock.)
      expect(readFileSync(file).equals(bytes)).toBe(false);
      expect((await loadCorpus(dir, { parseCache: cache })).parsedFromCache).toBe(
        uncached.documents.length + uncached.skipped.length,
      );
    }
  });

  it("loads as usual when the cache folder cannot be written", async () => {
    const dir = copyOfSample();
    const blocker = join(tempDir("cache"), "a-file");
    writeFileSync(blocker, "not a folder");
    const load = await loadCorpus(dir, { parseCache: join(blocker, "cache") });
    expect(load.parsedFromCache).toBe(0);
    expect(wholeCorpus(load)).toEqual(wholeCorpus(await loadCorpus(dir)));
  });
});

/** Frontmatter and markdown shapes real and hostile: anchors, dates, odd keys, bad YAML, CRLF, BOM, noindex. */
const line = fc.oneof(
  fc.constantFrom(
    "title: A title",
    "title: 'Quoted: with colon'",
    "title: 42",
    "date: 2025-02-30",
    "date: 2024-05-01T10:00:00+02:00",
    "date: [not, a, date]",
    "uri: klappy://same",
    "uri: 7",
    "kind: canon",
    "kind: nonsense",
    "exposure: noindex",
    "exposure: public",
    "tags: [a, b, &x c]",
    "aliases: *x",
    "__proto__: polluted",
    "constructor: {prototype: 1}",
    "nested:\n  deep:\n    - 1\n    - two",
    "bad: [unclosed",
    "tab:\tindented",
    "empty:",
    "big: 12345678901234567890",
    "emoji: 🎉 naïve",
  ),
  fc.string({ maxLength: 30 }).map((s) => `k${s.replace(/[\n\r:]/g, "")}: ${JSON.stringify(s)}`),
);
const body = fc.oneof(
  fc.constantFrom(
    "# Heading\n\n> A quote.\n\nText.",
    "## Summary\n\nThe summary.\n\n## Other\n\nMore.",
    "No heading at all.",
    "",
    "# H1 one\n# H1 two\n\n> quote\n> continued",
  ),
  fc.string({ maxLength: 200 }),
);
const file = fc.record({
  frontmatter: fc.option(fc.array(line, { maxLength: 6 }), { nil: null }),
  body,
  crlf: fc.boolean(),
  bom: fc.boolean(),
  unclosed: fc.boolean(),
});

describe("the parse cache on generated files", () => {
  it("a cached load equals an uncached load, file for file", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(file, { minLength: 1, maxLength: 8 }), async (files) => {
        const dir = tempDir("gen");
        const cache = tempDir("gen-cache");
        files.forEach((f, i) => {
          const fm =
            f.frontmatter === null ? "" : `---\n${f.frontmatter.join("\n")}\n${f.unclosed ? "" : "---\n"}`;
          let text = `${fm}${f.body}\n`;
          if (f.crlf) text = text.replace(/\n/g, "\r\n");
          if (f.bom) text = `\uFEFF${text}`;
          writeFileSync(join(dir, `doc-${i}.md`), text);
        });
        const uncached = wholeCorpus(await loadCorpus(dir));
        const cold = await loadCorpus(dir, { parseCache: cache });
        const warm = await loadCorpus(dir, { parseCache: cache });
        expect(warm.parsedFromCache).toBe(files.length);
        expect(wholeCorpus(cold)).toEqual(uncached);
        expect(wholeCorpus(warm)).toEqual(uncached);
      }),
      { numRuns: 40, seed: 20261130 },
    );
  });
});
