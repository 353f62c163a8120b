/**
 * A chunk parser (load-chunk.ts) tokenizes each document as soon as it is
 * parsed, into one chunker whose term ids run on from chunk to chunk. Its
 * replies must be the chunks the chunker makes of the same documents all at
 * once, and a parser whose chunk failed part-way must refuse further chunks
 * (terms it met in the failed chunk would never reach the merger).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateCorpus } from "../../../scripts/generate-corpus.js";
import { DEFAULT_KIND_MAP } from "../../../src/contract/kinds.js";
import { parseDocument } from "../../../src/corpus/parse.js";
import { type ChunkJob, ChunkParser } from "../../../src/server/search/load-chunk.js";
import { TermChunker } from "../../../src/server/search/postings-build.js";
import { fieldTexts } from "../../../src/server/search/terms.js";

const dir = mkdtempSync(join(tmpdir(), "load-chunk-"));
const files = [...generateCorpus({ docs: 300, seed: "load-chunk" })];
for (const [i, file] of files.entries()) writeFileSync(join(dir, `f${i}.md`), file.text);
const paths = files.map((_, i) => `f${i}.md`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const job = (id: number, chunkPaths: readonly string[]): ChunkJob => ({
  id,
  root: dir,
  kindMap: DEFAULT_KIND_MAP,
  paths: chunkPaths,
  cachedHashes: chunkPaths.map(() => null),
  tokenize: true,
  loadStartNs: null,
});

describe("ChunkParser", () => {
  it("replies the postings the chunker makes of the chunk's documents at once, term ids running on", () => {
    const parser = new ChunkParser();
    const chunker = new TermChunker();
    let served = 0;
    for (let at = 0, id = 0; at < paths.length; at += 64, id++) {
      const chunkPaths = paths.slice(at, at + 64);
      const reply = parser.parse(job(id, chunkPaths), false);
      const texts = chunkPaths.flatMap((path, i) => {
        const doc = parseDocument(path, files[at + i]!.text).document;
        return doc === null ? [] : [fieldTexts(doc)];
      });
      served += texts.length;
      expect(reply.terms).toEqual(chunker.chunk(texts));
    }
    expect(served).toBeGreaterThan(250);
  });

  it("refuses further chunks after one failed part-way", () => {
    const parser = new ChunkParser();
    parser.parse(job(0, paths.slice(0, 10)), false);
    const broken = { ...job(1, paths.slice(10, 20)), cachedHashes: null } as unknown as ChunkJob;
    expect(() => parser.parse(broken, false)).toThrow(TypeError);
    expect(() => parser.parse(job(2, paths.slice(20, 30)), false)).toThrow(/an earlier chunk failed/);
  });
});
