/**
 * The compact index ranks exactly as the minisearch index it replaced:
 * same documents, same rounded scores, same order, same matched terms, on
 * the bundled sample corpus and on generated documents full of what trips
 * tokenizers (punctuation runs, Unicode letters and spaces, stop words,
 * digits, repeated and prefixed terms, empty fields).
 */
import { describe, expect, it } from "vitest";
import { corpusFromFiles, loadCorpus, sampleCorpusDir } from "../../../src/corpus/index.js";
import type { CorpusDocument } from "../../../src/corpus/types.js";
import { tokenize } from "../../../src/server/search/terms.js";
import { SearchIndex } from "../../../src/server/search-index.js";
import { seededRandom } from "../../support/prng.js";
import { MiniSearchOracle } from "./minisearch-oracle.js";

const WORDS = [
  "cache",
  "caches",
  "caching",
  "cached",
  "catalog",
  "catalogue",
  "cat",
  "the",
  "and",
  "of",
  "Index",
  "INDEX",
  "indexes",
  "indexing",
  "token",
  "tokens",
  "tokenizer",
  "budget",
  "2024",
  "v1.2",
  "x",
  "naïve",
  "café",
  "Straße",
  "日本語",
  "данные",
  "edge-functions",
  "don't",
  "e.g.",
  "a",
  "is",
  "—",
  "résumé",
  "resume",
  "ok",
  "okay",
  "retrieval",
  "retrieve",
  "retrieved",
  "k8s",
  "µs",
  "ﬁle",
];
const SEPARATORS = [
  " ",
  "  ",
  ", ",
  ". ",
  "\n",
  "\n\n",
  " — ",
  "\u00a0",
  "\u2003",
  "; ",
  "!? ",
  "/",
  "_",
  "-",
  "\t",
];

function text(next: () => number, words: number): string {
  let out = "";
  for (let i = 0; i < words; i++) {
    out += WORDS[Math.floor(next() * WORDS.length)]!;
    out += SEPARATORS[Math.floor(next() * SEPARATORS.length)]!;
  }
  return out;
}

function generatedDocs(seed: number, count: number): readonly CorpusDocument[] {
  const next = seededRandom(seed);
  const files = Array.from({ length: count }, (_, i) => {
    const tags = Array.from(
      { length: Math.floor(next() * 4) },
      () => WORDS[Math.floor(next() * WORDS.length)],
    );
    const title =
      next() < 0.1 ? "" : `title: ${JSON.stringify(text(next, 1 + Math.floor(next() * 5)).trim())}\n`;
    const front = next() < 0.15 ? "" : `---\n${title}tags: ${JSON.stringify(tags)}\n---\n`;
    const headings = Array.from({ length: Math.floor(next() * 3) }, () => `## ${text(next, 3)}\n`).join("");
    const body =
      next() < 0.05 ? "" : `# ${text(next, 3)}\n\n${headings}${text(next, Math.floor(next() * 200))}`;
    return { path: `docs/g${seed}-${String(i).padStart(4, "0")}.md`, text: front + body };
  });
  return corpusFromFiles(files).documents;
}

function queries(seed: number, count: number): string[] {
  const next = seededRandom(seed);
  const fixed = [
    "",
    "the and of",
    "cach",
    "cache cache",
    "CACHE Catalog",
    "caching tokens",
    "naï",
    "日本語",
    "v1",
    "2024",
  ];
  return [...fixed, ...Array.from({ length: count }, () => text(next, 1 + Math.floor(next() * 4)))];
}

/** What a ranking says: path, score and the matched terms (as a set) of every hit, in order. */
function ranking(hits: readonly { doc: CorpusDocument; score: number; terms: readonly string[] }[]) {
  return hits.map((h) => ({ path: h.doc.path, score: h.score, terms: [...new Set(h.terms)].sort() }));
}

function expectSameRanking(docs: readonly CorpusDocument[], qs: readonly string[]) {
  const index = new SearchIndex(docs);
  const oracle = new MiniSearchOracle(docs);
  const everyThird = (doc: CorpusDocument) => doc.path.charCodeAt(doc.path.length - 4) % 3 !== 0;
  for (const q of qs) {
    expect(ranking(index.search(q)), `query ${JSON.stringify(q)}`).toEqual(ranking(oracle.search(q)));
    const filtered = ranking(oracle.search(q, everyThird));
    expect(ranking(index.search(q, everyThird)), `query ${JSON.stringify(q)}, filtered`).toEqual(filtered);
    for (const count of [0, 1, 5, 25]) {
      const page = index.rank(q, everyThird, count);
      expect(page.total).toBe(filtered.length);
      expect(ranking(page.hits)).toEqual(filtered.slice(0, count));
    }
  }
}

describe("compact search index", () => {
  it("ranks the bundled sample corpus exactly as minisearch did", async () => {
    const corpus = await loadCorpus(sampleCorpusDir());
    const titles = corpus.documents.filter((_, i) => i % 70 === 0).map((d) => d.title);
    expectSameRanking(corpus.documents, [...titles, ...queries(7, 10)]);
  });

  it("ranks generated documents (Unicode, punctuation, stop words, prefixes, empty fields) exactly as minisearch did", () => {
    for (const seed of [1, 2, 3]) expectSameRanking(generatedDocs(seed, 150), queries(seed * 11, 60));
  });

  it("answers an empty corpus and a corpus of empty documents", () => {
    expect(new SearchIndex([]).rank("cache", () => true, 10)).toEqual({ total: 0, hits: [] });
    const empty = corpusFromFiles([
      { path: "a.md", text: "" },
      { path: "b.md", text: "---\n---\n" },
    ]).documents;
    expectSameRanking(empty, ["a", "cache", ""]);
  });
});

describe("index tokenizer", () => {
  it("splits exactly as /[\\n\\r\\p{Z}\\p{P}]+/u does, surrogate pairs and lone surrogates included", () => {
    const next = seededRandom(99);
    const chars = [
      "a",
      "É",
      " ",
      "\n",
      "\r",
      "—",
      "…",
      "'",
      "-",
      "_",
      "\u00a0",
      "\u2003",
      "\u2028",
      "日",
      "\ud83d\ude00",
      "\ud800",
      "\udc00",
      "\ud83d",
      "!",
      "\u{1D49C}",
      "\u{10100}",
      "\u{16FE2}",
      "\u{1E95E}",
      "\u{1093F}",
    ];
    for (let k = 0; k < 20_000; k++) {
      let text = "";
      for (let i = Math.floor(next() * 12); i > 0; i--) text += chars[Math.floor(next() * chars.length)];
      expect(tokenize(text), JSON.stringify(text)).toEqual(text.split(/[\n\r\p{Z}\p{P}]+/u));
    }
  });
});
