/**
 * The index the server builds is pinned: the digest of every term and column (postings-digest.ts)
 * on the sample corpus (resident and kept on disk), the odd-frontmatter fixture and a generated
 * corpus must stay what the straightforward sequential build made before the cold-start work
 * (session 6). A faster build (a fused load, worker threads, chunked columns) that changes one
 * term id, one posting or one average field length fails here.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../../scripts/generate-corpus.js";
import { type Corpus, corpusFromFiles, loadCorpus, sampleCorpusDir } from "../../../src/corpus/index.js";
import { SearchIndex } from "../../../src/server/search-index.js";
import { postingsDigest } from "./postings-digest.js";

const ODD = fileURLToPath(new URL("../../fixtures/corpora/odd-frontmatter/", import.meta.url));

/** Digests of the index built by the sequential builder at 1004ea9 (before session 6). */
const GOLDEN = {
  sample: "5400b50a8c91a7b29bc18746e7715aef9d159f602a0e16541782d3ba403b6141",
  odd: "3026b10b4876023c78af2a63d4188cc2e31999bf8d83f3aa8eb1dd7443293e60",
  generated1200: "d8a008a3a11b89d632f5c5b372fcc2c05d0940a66658997f24c72c98bec08da9",
};

const digestOf = (corpus: Corpus) => postingsDigest(new SearchIndex(corpus.documents).postings);

describe("the built search index is today's, byte for byte", () => {
  it("on the sample corpus, resident and kept on disk", async () => {
    expect(digestOf(await loadCorpus(sampleCorpusDir()))).toBe(GOLDEN.sample);
    expect(digestOf(await loadCorpus(sampleCorpusDir(), { residentTextBytes: 0 }))).toBe(GOLDEN.sample);
  });

  it("on the odd-frontmatter fixture", async () => {
    expect(digestOf(await loadCorpus(ODD))).toBe(GOLDEN.odd);
  });

  it("on a generated corpus of 1,200 documents", () => {
    const corpus = corpusFromFiles([...generateCorpus({ docs: 1200, seed: "golden" })]);
    expect(digestOf(corpus)).toBe(GOLDEN.generated1200);
  });
});
