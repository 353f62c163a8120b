/**
 * The chunked tokenizer (postings-build.ts TermChunker over terms.ts TokenScanner and
 * raw-tokens.ts RawTokens) finds tokens as ranges of code units and interns them without a
 * string per occurrence. It must give exactly what the straightforward tokenizer gives: the
 * oracle below splits each field with `text.split(/[\n\r\p{Z}\p{P}]+/u)` (minisearch's rule),
 * keeps a Map of raw token strings and a Set per field, as the chunker did before. Compared
 * chunk by chunk (the chunker's ids run on across chunks) on hostile Unicode (lone and paired
 * surrogates, astral punctuation, case folding that changes length, stop words in any case),
 * tokens whose hashes collide, a vocabulary large enough to regrow every table, texts longer
 * than the scanner keeps, and the real corpora.
 */
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../../scripts/generate-corpus.js";
import { corpusFromFiles, loadCorpus, sampleCorpusDir } from "../../../src/corpus/index.js";
import { type TermChunk, TermChunker } from "../../../src/server/search/postings-build.js";
import { RawTokens } from "../../../src/server/search/raw-tokens.js";
import {
  FIELDS,
  fieldTexts,
  headingsOf,
  processTerm,
  tokenHash,
  tokenize,
} from "../../../src/server/search/terms.js";

const FIELD_COUNT = FIELDS.length;
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;

/** The chunker as it was written first: a string per token, a Map of them, a Set per field. */
class OracleChunker {
  readonly #termIds = new Map<string, number>();

  chunk(documents: readonly (readonly string[])[]): Omit<TermChunk, "freqs"> & { freqs: number[] } {
    const newTerms: string[] = [];
    const keys: number[] = [];
    const freqs: number[] = [];
    const docStart: number[] = [];
    const fieldLengths: number[] = [];
    for (const texts of documents) {
      docStart.push(keys.length);
      for (let field = 0; field < FIELD_COUNT; field++) {
        const tokens = texts[field]!.split(SPLIT);
        fieldLengths.push(new Set(tokens).size);
        const counts = new Map<number, number>();
        for (const token of tokens) {
          const term = processTerm(token);
          if (term === null) continue;
          let id = this.#termIds.get(term);
          if (id === undefined) {
            id = this.#termIds.size;
            this.#termIds.set(term, id);
            newTerms.push(term);
          }
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const [id, count] of counts) {
          keys.push(id * FIELD_COUNT + field);
          freqs.push(count);
        }
      }
    }
    docStart.push(keys.length);
    return {
      count: documents.length,
      newTerms,
      keys: Uint32Array.from(keys),
      freqs,
      docStart: Uint32Array.from(docStart),
      fieldLengths: Uint32Array.from(fieldLengths),
    };
  }
}

/** Both chunkers over the same chunks, in order: every chunk must be the same. */
function expectSameChunks(chunks: readonly (readonly (readonly string[])[])[]): void {
  const chunker = new TermChunker();
  const oracle = new OracleChunker();
  for (const [i, documents] of chunks.entries()) {
    const got = chunker.chunk(documents);
    const want = oracle.chunk(documents);
    const where = `chunk ${i}`;
    expect(got.count, where).toBe(want.count);
    expect(got.newTerms, where).toEqual(want.newTerms);
    expect([...got.keys], where).toEqual([...want.keys]);
    expect([...got.freqs], where).toEqual(want.freqs);
    expect([...got.docStart], where).toEqual([...want.docStart]);
    expect([...got.fieldLengths], where).toEqual([...want.fieldLengths]);
  }
}

/** Pieces a tokenizer can get wrong: separators of every width, surrogates, case folding, stop words. */
const HOSTILE = [
  "a",
  "A",
  "the",
  "The",
  "THE",
  "tHe",
  "of",
  "",
  "x",
  "É",
  "é",
  "e\u0301", // e + combining acute: not "é"
  "İ", // lower-cases to two code units
  "ß",
  "ẞ",
  "Σ",
  "ς",
  "σ",
  "K", // Kelvin sign: lower-cases to k
  "ﬀ",
  "ǅ",
  "日本",
  "\ud83d\ude00", // an astral symbol (not a separator)
  "\u{1D49C}", // an astral letter
  "\u{10100}", // an astral punctuation mark: a two-unit separator
  "\u{1E95E}", // an astral punctuation mark
  "\ud800", // lone high surrogate
  "\udc00", // lone low surrogate
  "\ud83d", // a high surrogate that a following low one may pair with
  "\ude00",
  "\u200d", // zero-width joiner (not a separator)
  " ",
  "  ",
  "\n",
  "\r\n",
  "\r",
  "\t", // not a separator in this rule
  "\u00a0",
  "\u2003",
  "\u2028",
  "\u3000",
  "—",
  "…",
  "'",
  "-",
  "_",
  ".",
  "!?",
  "#",
  "cache",
  "Cache",
  "CACHE",
  "caché",
];

const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "binary", maxLength: 6 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));
const anyText = fc.oneof(
  hostileText,
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ maxLength: 60 }),
);
const documentTexts = fc.array(anyText, { minLength: FIELD_COUNT, maxLength: FIELD_COUNT });

describe("the term chunker gives exactly what splitting each field into strings gives", () => {
  it("on hostile Unicode, chunk after chunk (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(documentTexts, { maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        (chunks) => expectSameChunks(chunks),
      ),
      { numRuns: 400 },
    );
  });

  it("tokenizes exactly as the split on any string (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(anyText, { maxLength: 8 }), (texts) => {
        // One after another: the scanner reuses its array, a shorter text must not see a longer one's rest.
        for (const text of texts) expect(tokenize(text)).toEqual(text.split(SPLIT));
      }),
      { numRuns: 500 },
    );
  });

  it("tells apart tokens whose hashes collide", () => {
    const collision = collidingTokens();
    expect(collision).not.toBeNull();
    const [a, b] = collision!;
    expect(a).not.toBe(b);
    expect(tokenHash(a)).toBe(tokenHash(b));
    expectSameChunks([
      [
        [a, `${b} ${a} ${b}`, `${b}.${b}`, a],
        [b, b, a, `${a} ${b}`],
      ],
      [[`${b} x ${a}`, "", a, b]],
    ]);
    expect(a.length).toBe(b.length);
    const raw = new RawTokens();
    const intern = (s: string) =>
      raw.intern(
        Uint16Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)),
        0,
        s.length,
        tokenHash(s),
      );
    expect([intern(a), intern(b), intern(a), intern(b), raw.size]).toEqual([0, 1, 0, 1, 2]);
  });

  it("with a vocabulary that regrows every table, and texts longer than the scanner keeps", () => {
    const words = Array.from({ length: 60_000 }, (_, i) => `w${i.toString(36)}${i % 7 === 0 ? "É" : ""}`);
    const long = `${words.join(" ")} ${"ab—".repeat(400_000)}`; // > 1,048,576 code units
    expectSameChunks([
      [[words.slice(0, 100).join(" "), words.slice(100, 30_000).join("\n"), long, "tag"]],
      [["short", "", words.slice(20_000).reverse().join(", "), "Tag TAG"]],
      [[long.slice(0, 1000), "", "after the long one", ""]],
    ]);
  });
});

/** The headings field as it was first written: a string per line, a regex test and a replace. */
const oracleHeadings = (body: string) =>
  body
    .split("\n")
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#+\s*/, ""))
    .join("\n");

describe("the headings field is what splitting the body into lines gives", () => {
  it("after one to seven `#` and every code unit (each \\s, and what is not)", () => {
    for (let c = 0; c < 0x10000; c++) {
      const unit = String.fromCharCode(c);
      for (const body of [
        `#${unit}x`,
        `###${unit}${unit} y\n####### ${unit}`,
        `a\n${"#".repeat(1 + (c % 7))}${unit}z`,
      ]) {
        expect(headingsOf(body), JSON.stringify(body)).toBe(oracleHeadings(body));
      }
    }
  });

  it("on hostile bodies (fast-check)", () => {
    const piece = fc.constantFrom(
      "#",
      "##",
      "######",
      "#######",
      " ",
      "\t",
      "\u00a0",
      "\u3000",
      "\ufeff",
      "\n",
      "\r",
      "\r\n",
      "x",
      "Title",
      "",
      "\ud800",
      "—",
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ unit: "binary", maxLength: 4 })), { maxLength: 40 }),
        (parts) => {
          const body = parts.join("");
          expect(headingsOf(body)).toBe(oracleHeadings(body));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("on the corpora", () => {
  const chunked = (texts: (readonly string[])[], size: number) =>
    Array.from({ length: Math.ceil(texts.length / size) }, (_, i) => texts.slice(i * size, (i + 1) * size));

  it("the sample corpus and the odd-frontmatter fixture", async () => {
    const odd = fileURLToPath(new URL("../../fixtures/corpora/odd-frontmatter/", import.meta.url));
    for (const dir of [sampleCorpusDir(), odd]) {
      const documents = (await loadCorpus(dir)).documents;
      for (const doc of documents) expect(headingsOf(doc.body), doc.path).toBe(oracleHeadings(doc.body));
      const texts = documents.map((doc) => fieldTexts(doc));
      expectSameChunks(chunked(texts, 128));
    }
  });

  it("a generated corpus", () => {
    const corpus = corpusFromFiles([...generateCorpus({ docs: 1500, seed: "term-chunker" })]);
    for (const doc of corpus.documents) expect(headingsOf(doc.body), doc.path).toBe(oracleHeadings(doc.body));
    expectSameChunks(
      chunked(
        corpus.documents.map((doc) => fieldTexts(doc)),
        128,
      ),
    );
  });
});

/**
 * Two distinct tokens of the same length with the same tokenHash, made on purpose: FNV-1a's last
 * step is (h ^ unit) × prime, so w1 + b1 and w2 + b2 collide when w1's and w2's hashes differ in
 * their low 16 bits only (a birthday search over their high 16 bits) and b1 ^ b2 is that
 * difference. Both are single tokens (no separator or surrogate in them).
 */
function collidingTokens(): [string, string] | null {
  const isToken = (s: string) => tokenize(s).length === 1 && !/[\ud800-\udfff]/.test(s);
  const byHigh = new Map<number, string>();
  for (let i = 0; i < 26 ** 4; i++) {
    const w = Array.from({ length: 4 }, (_, k) =>
      String.fromCharCode(97 + (Math.floor(i / 26 ** k) % 26)),
    ).join("");
    const h = tokenHash(w);
    const other = byHigh.get(h >>> 16);
    if (other === undefined) {
      byHigh.set(h >>> 16, w);
      continue;
    }
    const difference = (tokenHash(other) ^ h) & 0xffff;
    for (let b1 = 0x41; b1 < 0xd800; b1++) {
      const b2 = b1 ^ difference;
      const u = other + String.fromCharCode(b1);
      const v = w + String.fromCharCode(b2);
      if (isToken(u) && isToken(v)) return [u, v];
    }
  }
  return null;
}
