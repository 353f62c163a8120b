/**
 * A served file (as a legacy `get` returns it: path, whole text, content
 * hash) → the CorpusDocument the reference server would have built from it,
 * by the corpus index's own Node-free rules (`src/corpus/document.ts`): the
 * legacy server already sent the hash, so no node:crypto and the shim runs on
 * edge runtimes. test/shim/document.test.ts holds it equal to
 * `parseDocument` on every document of the fixture and sample corpora.
 */
import { DEFAULT_KIND_MAP, type KindMap } from "../../contract/index.js";
import { buildDocument, readDocumentText } from "../../corpus/document.js";
import type { CorpusDocument } from "../../corpus/types.js";

export function documentFromFile(
  path: string,
  raw: string,
  contentHash: string,
  kindMap: KindMap = DEFAULT_KIND_MAP,
): CorpusDocument {
  return buildDocument(path, raw, readDocumentText(raw), contentHash, kindMap);
}
