/**
 * The parse cache written as the load goes (corpus/parse-cache.ts `expect`):
 * the file a streaming cache leaves is byte for byte the file a cache that
 * writes everything in `save` leaves, whatever the load does (more or fewer
 * entries than expected, a path set twice, entries proven or reused from the
 * previous file before the first new one, stale entries dropped), and until
 * `save` renames it into place the file on disk is the previous one: a load
 * that fails, is abandoned or killed midway never leaves a half file.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_KIND_MAP } from "../../src/contract/index.js";
import { parseDocument } from "../../src/corpus/parse.js";
import { ParseCache } from "../../src/corpus/parse-cache.js";
import { tempDirs } from "./corpus-snapshot.js";

const tempDir = tempDirs("parse-cache-stream");
const ROOT = "/corpus/root";

/** The one cache file of `dir` (null when none) and the temporary files beside it. */
function filesOf(dir: string): { file: Buffer | null; temps: string[] } {
  const names = readdirSync(dir);
  const file = names.find((n) => n.endsWith(".docs"));
  return {
    file: file === undefined ? null : readFileSync(join(dir, file)),
    temps: names.filter((n) => n.endsWith(".tmp")),
  };
}

const results = new Map<string, ReturnType<typeof parse>>();
/**
 * A parse result of a small generated document (a third of them skipped: no frontmatter title),
 * the same objects on every call: a load serialises each entry once, streamed or at the end, and
 * v8.serialize writes arrays by their elements kind, which two parses of one text may not share.
 */
function resultOf(path: string, seed: number) {
  const key = `${path}\n${seed}`;
  if (!results.has(key)) results.set(key, parse(path, seed));
  return results.get(key)!;
}

function parse(path: string, seed: number) {
  const text =
    seed % 3 === 0
      ? `plain text ${seed}\n`
      : `---\ntitle: Doc ${seed} — naïve\ntags: [t${seed % 5}, shared]\n---\n# Heading ${seed}\n\n> Quote ${seed}.\n\nBody ${"word ".repeat(seed % 40)}\n`;
  return parseDocument(path, text, DEFAULT_KIND_MAP, `hash-${seed}`);
}

/** What a load does to its cache, in order. */
type Step =
  | { readonly op: "record"; readonly path: number; readonly seed: number; readonly stamp: boolean }
  | { readonly op: "cached"; readonly path: number; readonly stamp: boolean }
  | { readonly op: "proven"; readonly path: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("record" as const),
      path: fc.nat(40),
      seed: fc.nat(200),
      stamp: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("cached" as const), path: fc.nat(40), stamp: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("proven" as const), path: fc.nat(40) }) },
);

/** Run `steps` on a cache of `dir` (the previous file in it, if any); `expected`: what the load announces (null: nothing). */
function runLoad(
  dir: string,
  steps: readonly Step[],
  batchEntries: number,
  expected: number | null,
): boolean {
  const cache = ParseCache.open(dir, ROOT, DEFAULT_KIND_MAP, { batchEntries });
  if (expected !== null) cache.expect(expected);
  for (const s of steps) {
    const path = `docs/p${s.path}.md`;
    if (s.op === "record") {
      cache.record(path, `hash-${s.seed}`, resultOf(path, s.seed), s.stamp ? `stamp-${s.seed}` : null);
    } else if (s.op === "cached") {
      const hash = cache.cachedHash(path);
      if (hash !== undefined) cache.cached(path, hash, s.stamp ? `stamp-${hash}` : null);
    } else {
      const stamp = cache.cachedStamp(path);
      if (stamp !== undefined) cache.proven(path, stamp);
    }
  }
  return cache.save();
}

/** The file a first load leaves (written at the end), as the previous file of a second load. */
function firstFile(steps: readonly Step[], batchEntries: number): { dir: string; file: Buffer | null } {
  const dir = tempDir("first");
  runLoad(dir, steps, batchEntries, null);
  return { dir, file: filesOf(dir).file };
}

describe("the parse cache written as the load goes", () => {
  it("leaves the very bytes a cache writing everything at the end leaves", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 30 }),
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: -4, max: 4 }),
        (before, steps, batchEntries, off) => {
          // Each side starts from the same previous file (when the first load wrote one).
          const first = firstFile(before, batchEntries);
          const streamed = tempDir("streamed");
          const atEnd = tempDir("at-end");
          for (const dir of [streamed, atEnd]) {
            if (first.file !== null) {
              const name = readdirSync(first.dir).find((n) => n.endsWith(".docs"))!;
              writeFileSync(join(dir, name), first.file);
            }
          }
          const distinct = new Set(steps.map((s) => s.path)).size;
          const wroteStreamed = runLoad(streamed, steps, batchEntries, Math.max(0, distinct + off));
          const wroteAtEnd = runLoad(atEnd, steps, batchEntries, null);
          expect(wroteStreamed).toBe(wroteAtEnd);
          const a = filesOf(streamed);
          const b = filesOf(atEnd);
          expect(a.temps).toEqual([]);
          expect(b.temps).toEqual([]);
          expect(a.file === null ? null : a.file.toString("hex")).toBe(
            b.file === null ? null : b.file.toString("hex"),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("writes batches before save, under a temporary name only: the file on disk stays the previous one", () => {
    const dir = tempDir("midway");
    const steps: Step[] = Array.from({ length: 12 }, (_, i) => ({
      op: "record",
      path: i,
      seed: i,
      stamp: true,
    }));
    runLoad(dir, steps, 4, null);
    const previous = filesOf(dir).file!;

    const cache = ParseCache.open(dir, ROOT, DEFAULT_KIND_MAP, { batchEntries: 4 });
    cache.expect(20);
    for (let i = 0; i < 19; i++) {
      const path = `docs/q${i}.md`;
      cache.record(path, `hash-${i + 100}`, resultOf(path, i + 100), null);
    }
    // Four batches are written, under a temporary name; the real file is the previous one.
    const midway = filesOf(dir);
    expect(midway.temps).toHaveLength(1);
    expect(readFileSync(join(dir, midway.temps[0]!)).length).toBeGreaterThan(1000);
    expect(midway.file!.equals(previous)).toBe(true);
    // A load that stops here (killed: nothing else runs) leaves the previous file answering.
    const reader = ParseCache.open(dir, ROOT, DEFAULT_KIND_MAP, { batchEntries: 4 });
    expect(reader.cachedHash("docs/p3.md")).toBe("hash-3");
    expect(reader.cachedHash("docs/q0.md")).toBeUndefined();

    // A failed load abandons the file being written: the previous one stays, no temporary file.
    cache.abandon();
    expect(filesOf(dir)).toEqual({ file: previous, temps: [] });
    expect(cache.save()).toBe(true); // written whole at the end instead
    const after = ParseCache.open(dir, ROOT, DEFAULT_KIND_MAP, { batchEntries: 4 });
    expect(after.cachedHash("docs/q18.md")).toBe("hash-118");
    expect(after.cachedHash("docs/p3.md")).toBeUndefined();
    expect(filesOf(dir).temps).toEqual([]);
  });

  it("refuses a batch size that is not a positive integer", () => {
    for (const batchEntries of [0, -1, 1.5, Number.NaN]) {
      expect(() => ParseCache.open(tempDir("bad"), ROOT, DEFAULT_KIND_MAP, { batchEntries })).toThrow(
        /batchEntries must be an integer > 0/,
      );
    }
  });
});
