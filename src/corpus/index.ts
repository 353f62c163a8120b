/**
 * Corpus loading: a folder of markdown → the documents the reference server
 * serves (Node-only: reads files and hashes with node:crypto).
 */
export {
  type CorpusOptions,
  corpusFromFiles,
  corpusRevision,
  IGNORED_GLOBS,
  loadCorpus,
  type SourceFile,
} from "./load.js";
export { type ParseResult, parseDocument } from "./parse.js";
export { packageRoot, sampleCorpusDir } from "./sample.js";
export type { Corpus, CorpusDocument, LoadWarning } from "./types.js";
