/**
 * The forward shim rebuilds documents from legacy `get` answers with its own
 * edge-safe copy of the corpus index rules. It must agree with the corpus
 * loader's parseDocument on every document of every corpus we have.
 */
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/corpus/parse.js";
import { loadCorpus, sampleCorpusDir } from "../../src/server/index.js";
import { documentFromFile, isoDate } from "../../src/shim/forward/document.js";
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
    expect(isoDate("2026-05-23")).toBe("2026-05-23T00:00:00.000Z");
    expect(isoDate("2026-05-23 10:00")).toBe("2026-05-23T10:00:00.000Z");
    expect(isoDate("May 23")).toBeNull();
  });
});
