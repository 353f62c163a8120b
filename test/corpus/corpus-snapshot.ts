/**
 * What the corpus tests compare and where they write: everything a load gives
 * (documents with their text and key order, warnings, skipped files, revision,
 * the uri index), and temporary folders removed after the file's tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { Corpus, CorpusDocument } from "../../src/corpus/types.js";

/** A document as plain data, its text read (getters and on-demand text included). */
const plainDocument = (d: CorpusDocument) => ({ ...d, raw: d.raw, body: d.body });

/** Everything a load gives, in order, text included (the cache counter aside). */
export function wholeCorpus(corpus: Corpus) {
  return {
    documents: corpus.documents.map(plainDocument),
    keys: corpus.documents.map((d) => Object.keys(d)),
    warnings: corpus.warnings,
    skipped: corpus.skipped,
    revision: corpus.revision,
    uris: [...corpus.byUri.keys()],
  };
}

/** A maker of temporary folders named `oddkit-<prefix>-<name>-…`, all removed after this file's tests. */
export function tempDirs(prefix: string): (name: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return (name) => {
    const dir = mkdtempSync(join(tmpdir(), `oddkit-${prefix}-${name}-`));
    dirs.push(dir);
    return dir;
  };
}
