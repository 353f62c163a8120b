/**
 * The forward shim rebuilds documents from legacy `get` answers with the
 * corpus index's Node-free rules (src/corpus/document.ts). It must agree with the corpus
 * loader's parseDocument on every document of every corpus we have.
 */
import { describe, expect, it } from "vitest";
import { dateOf } from "../../src/corpus/document.js";
import { parseDocument } from "../../src/corpus/parse.js";
import { loadCorpus, sampleCorpusDir } from "../../src/server/index.js";
import { documentFromFile } from "../../src/shim/forward/document.js";
import { fixtureCorpus, oddCorpus } from "./harness.js";

describe("documentFromFile", () => {
  it("builds exactly the document the corpus loader builds", async () => {
    const corpora = [await fixtureCorpus(), await oddCorpus(), await loadCorpus(sampleCorpusDir())];
    let checked = 0;
    for (const corpus of corpora) {
      for (const doc of corpus.documents) {
        const expected = parseDocument(doc.path, doc.raw, corpus.kindMap).document!;
        expect(documentFromFile(doc.path, doc.raw, doc.contentHash, corpus.kindMap), doc.path).toEqual(
          expected,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("reads dates as the index does", () => {
    expect(dateOf("2026-05-23")).toBe("2026-05-23T00:00:00.000Z");
    expect(dateOf("2026-05-23 10:00")).toBe("2026-05-23T10:00:00.000Z");
    expect(dateOf("May 23")).toBeNull();
  });
});
