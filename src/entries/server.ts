/**
 * oddkit-sdk/server: the reference server (contract, legacy and window
 * modes) over a markdown corpus, its corpus loader and an HTTP listener.
 */
export { corpusFromFiles, loadCorpus } from "../corpus/load.js";
export { sampleCorpusDir } from "../corpus/sample.js";
export type { Corpus, CorpusDocument, LoadWarning } from "../corpus/types.js";
export type { ToolResult } from "../server/dispatch.js";
export { HEALTH_PATH, MCP_PATH } from "../server/http.js";
export { type Listening, type ListenOptions, listenWith } from "../server/listen.js";
export { createReferenceServer, type ReferenceServer } from "../server/reference-server.js";
export type { ReferenceServerOptions } from "../server/setup.js";
export { SERVER_MODES, type ServerMode } from "../server/tools.js";
