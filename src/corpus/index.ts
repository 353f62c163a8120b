/**
 * Corpus loading: a folder of markdown → the documents the reference server
 * serves (Node-only: reads files and hashes with node:crypto). Edge code
 * imports the document rules from ./document.js directly.
 */

export { EmptyCorpusError } from "../errors/index.js";
export { requireDocuments } from "./empty.js";
export {
  type ChosenKindMap,
  chooseKindMap,
  corpusKindMap,
  describeKindMapSource,
  KIND_MAP_FILES,
  KindMapFileError,
  type KindMapSource,
  readKindMapFile,
} from "./kind-map-file.js";
export {
  type CorpusOptions,
  corpusFromFiles,
  IGNORED_GLOBS,
  loadCorpus,
  type SourceFile,
} from "./load.js";
export { CorpusFileChangedError, DEFAULT_RESIDENT_TEXT_BYTES, OnDiskDocument } from "./on-disk.js";
export { type ParseResult, parseDocument } from "./parse.js";
export { sampleCorpusDir } from "./sample.js";
export type { Corpus, CorpusDocument, LoadWarning } from "./types.js";
