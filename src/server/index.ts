/**
 * The embedded reference server and the corpus loading
 * it runs on (Node only).
 *
 * Internal barrel for imports inside src/ (and tests); not a package entry.
 * The public names are listed in src/entries/server.ts.
 */
export { corpusFromFiles, loadCorpus, sampleCorpusDir } from "../corpus/index.js";
export type { Corpus, CorpusDocument, LoadWarning } from "../corpus/types.js";
export { type CallMeta, CONSUMER_NUDGE, type ToolResult } from "./dispatch.js";
export { HEALTH_PATH, MAX_REQUEST_BODY_BYTES, MCP_PATH, SERVER_CARD_PATH } from "./http.js";
export { LEGACY_RANKINGS, type LegacyRanking } from "./legacy-actions.js";
export { type Listening, type ListenOptions, listenWith } from "./listen.js";
export { PREFLIGHT_BUNDLE } from "./preflight.js";
export {
  type ConnectOptions,
  createReferenceServer,
  DEFAULT_SERVER_NAME,
  DEFAULT_SERVER_VERSIONS,
  type ReferenceServer,
  type ReferenceServerOptions,
  type StdioOptions,
} from "./reference-server.js";
export { defaultIndexCacheDir } from "./search/index-cache.js";
export { SNIPPET_MAX_LENGTH } from "./snippet.js";
export {
  SERVER_MODES,
  type ServerMode,
  TOOL_ACTIONS,
  type ToolDefinition,
  UNIFIED_TOOL,
  VERSION_TOOL,
} from "./tools.js";
