/**
 * The pruned ranking (`rank`: exact count, then MaxScore top-k) answers
 * exactly what scoring every match answers (`rankExhaustive`): same total,
 * same documents in the same order, same scores, same matched terms — over
 * corpora and queries fast-check makes up: common and rare terms, prefix
 * expansions, repeated terms, duplicate documents (ties broken by path),
 * kept-document predicates and masks, pages at any offset.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusFromFiles } from "../../../src/corpus/index.js";
import type { CorpusDocument } from "../../../src/corpus/types.js";
import { SearchIndex } from "../../../src/server/search-index.js";

/** Common words first (drawn often), rare ones last; prefixes of each other to exercise expansions. */
const COMMON = ["cache", "caches", "caching", "catalog", "index", "token", "budget", "the"];
const RARE = ["cachet", "indexer", "tokenizer", "zebra", "quokka", "retrieval", "résumé", "日本語"];
const QUERY_ONLY = ["cach", "inde", "toke", "missing", "ca", "zeb"];

const word = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...COMMON) },
  { weight: 1, arbitrary: fc.constantFrom(...RARE) },
);
const words = (max: number) => fc.array(word, { maxLength: max }).map((w) => w.join(" "));

const documentText = fc
  .record({ title: words(4), tags: fc.array(word, { maxLength: 3 }), heading: words(3), body: words(40) })
  .map(
    ({ title, tags, heading, body }) =>
      `---\ntitle: ${JSON.stringify(title)}\ntags: ${JSON.stringify(tags)}\n---\n# ${title}\n\n## ${heading}\n\n${body}\n`,
  );

/** A corpus where some documents are copies of others (equal scores: the path decides). */
const corpus = fc
  .array(fc.record({ text: documentText, copies: fc.nat({ max: 2 }) }), { minLength: 1, maxLength: 40 })
  .map((entries) => {
    const files: { path: string; text: string }[] = [];
    entries.forEach(({ text, copies }, i) => {
      for (let c = 0; c <= copies; c++)
        files.push({ path: `docs/d${(i * 7 + c * 13) % 97}-${i}-${c}.md`, text });
    });
    return corpusFromFiles(files).documents;
  });

const query = fc
  .array(fc.oneof(word, fc.constantFrom(...QUERY_ONLY)), { minLength: 0, maxLength: 5 })
  .map((w) => w.join(" "));

function ranking(hits: readonly { doc: CorpusDocument; score: number; terms: readonly string[] }[]) {
  return hits.map((h) => ({ path: h.doc.path, score: h.score, terms: [...h.terms].sort() }));
}

describe("pruned top-k ranking", () => {
  it("pages exactly as scoring every match does (fast-check: corpora, queries, kept sets, offsets)", () => {
    fc.assert(
      fc.property(
        corpus,
        fc.array(query, { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { maxLength: 140 }),
        fc.nat({ max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        (docs, queries, keepBits, offset, limit) => {
          const index = new SearchIndex(docs);
          const keepAll = keepBits.length === 0;
          const keep = (doc: CorpusDocument) => keepAll || keepBits[docs.indexOf(doc) % keepBits.length]!;
          const mask = Uint8Array.from(docs, (d) => (keep(d) ? 1 : 0));
          for (const q of queries) {
            const wanted = offset + limit;
            const reference = index.rankExhaustive(q, keep, wanted);
            for (const k of [keep, mask]) {
              const page = index.rank(q, k, wanted);
              expect(page.total, q).toBe(reference.total);
              expect(ranking(page.hits.slice(offset)), q).toEqual(ranking(reference.hits.slice(offset)));
            }
            // Unbounded: every match, in order.
            expect(ranking(index.rank(q, mask, docs.length + 1).hits)).toEqual(
              ranking(index.search(q, keep)),
            );
          }
        },
      ),
      { numRuns: 250 },
    );
  });

  it("keeps equal scores in path order when the page cuts through a tie", () => {
    const text = "---\ntitle: cache\n---\ncache catalog\n";
    const files = Array.from({ length: 30 }, (_, i) => ({
      path: `t/${String(29 - i).padStart(2, "0")}.md`,
      text,
    }));
    files.push({ path: "t/zz.md", text: "---\ntitle: cache cache\n---\ncache cache cache catalog\n" });
    const docs = corpusFromFiles(files).documents;
    const index = new SearchIndex(docs);
    for (const count of [1, 2, 5, 17, 31]) {
      const page = index.rank("cache catalog", () => true, count);
      expect(page.total).toBe(31);
      expect(ranking(page.hits)).toEqual(
        ranking(index.rankExhaustive("cache catalog", () => true, count).hits),
      );
      expect(page.hits[0]!.doc.path).toBe("t/zz.md");
      expect(page.hits.slice(1).map((h) => h.doc.path)).toEqual(
        [...page.hits.slice(1).map((h) => h.doc.path)].sort(),
      );
    }
  });

  it("remembers a filter set's mask per key and evaluates it once", () => {
    const docs = corpusFromFiles([
      { path: "a.md", text: "cache" },
      { path: "b.md", text: "cache catalog" },
      { path: "c.md", text: "catalog" },
    ]).documents;
    const index = new SearchIndex(docs);
    let calls = 0;
    const onlyB = (doc: CorpusDocument) => {
      calls++;
      return doc.path === "b.md";
    };
    const mask = index.keepMask("only-b", onlyB);
    expect(Array.from(mask)).toEqual(docs.map((d) => (d.path === "b.md" ? 1 : 0)));
    expect(index.keepMask("only-b", onlyB)).toBe(mask);
    expect(calls).toBe(3);
    const page = index.rank("cache", mask, 10);
    expect(page.total).toBe(1);
    expect(page.hits.map((h) => h.doc.path)).toEqual(["b.md"]);
  });
});
