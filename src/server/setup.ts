/**
 * What every way of serving the reference server shares, worked out once:
 * the options checked, the corpus loaded, the search index built or read
 * from its cache, the dispatcher and the tool list. The MCP SDK is not
 * imported here: the SDK-bound transports (reference-server.ts) and the
 * direct in-process path (embedded.ts) both build on this.
 */
import type { KindMap } from "../contract/index.js";
import { CONTRACT_VERSION, parseSemver, windowLength } from "../contract/version-window.js";
import { sampleCorpusDir } from "../corpus/index.js";
import type { Corpus } from "../corpus/types.js";
import { Dispatcher } from "./dispatch.js";
import { LEGACY_RANKINGS, type LegacyRanking } from "./legacy-actions.js";
import { loadServedCorpus } from "./search/folder-load.js";
import { readCachedPostings, writeCachedPostings } from "./search/index-cache.js";
import { SearchIndex } from "./search-index.js";
import { servedCorpus } from "./state.js";
import { SERVER_MODES, type ServerMode, type ToolDefinition, toolDefinitions } from "./tools.js";

/** `serverInfo.version` and `oddkit_version` when none is given: the last legacy release, or the contract's landing. */
export const DEFAULT_SERVER_VERSIONS: Readonly<Record<ServerMode, string>> = {
  legacy: "0.28.1",
  contract: CONTRACT_VERSION,
  window: CONTRACT_VERSION,
};
export const DEFAULT_SERVER_NAME = "oddkit";

export interface ReferenceServerOptions {
  /** A folder of markdown, or a loaded corpus. Default: the bundled sample corpus. */
  readonly corpus?: string | Corpus;
  /**
   * `contract` (default): the contract shape; the legacy envelope opt-in
   * (`include_legacy_envelope: true`) follows `version` — accepted from N
   * (0.30.0) until N + `windowMinors`, refused before and after, naming the
   * removal version. `legacy`: the 0.28.x shape. `window`: the same as
   * `contract` (kept for existing callers; the version decides).
   */
  readonly mode?: ServerMode;
  /** Reported as `serverInfo.version`, `/health` version and by `oddkit_version`; decides the opt-in (semver). */
  readonly version?: string;
  /** Minors the legacy envelope window runs after N: 2 (default) or 3. */
  readonly windowMinors?: number;
  /**
   * Legacy mode's search ranking: `0.28` (default: 0.28.x's own BM25 hits,
   * order and scores) or `reference` (this server's contract ranking in the
   * legacy shape, so a before/after run of the same site differs only by
   * what its migration changed).
   */
  readonly legacyRanking?: LegacyRanking;
  /** Path prefix → kind map used to load a corpus folder (longest prefix wins). */
  readonly kindMap?: KindMap;
  /** MCP server name (default "oddkit"). */
  readonly name?: string;
  /** Answer HTTP POSTs with JSON instead of SSE streams. */
  readonly jsonResponse?: boolean;
  /**
   * A folder for the on-disk search index cache (search/index-cache.ts), keyed
   * by the corpus content: an unchanged corpus folder skips the index build
   * (and, when `corpus` is a folder, the parsing of its unchanged files).
   * Default false (the library writes nothing unasked); the CLI passes
   * `defaultIndexCacheDir()`. Corpora built from in-memory files are never cached.
   */
  readonly indexCache?: string | false;
}

/** A checked, loaded and indexed server, before any transport. */
export interface PreparedServer {
  readonly name: string;
  readonly corpus: Corpus;
  readonly mode: ServerMode;
  readonly version: string;
  readonly indexSource: "built" | "cache";
  readonly windowMinors: number;
  readonly dispatcher: Dispatcher;
  /** The tools with their JSON Schemas, built on first read. */
  readonly tools: readonly ToolDefinition[];
  /** Tool calls per consumer label (unlabeled calls are not counted). */
  readonly consumers: Map<string, number>;
  /** Count one tool call of a consumer label (null: unlabeled). */
  record(consumer: string | null): void;
}

async function corpusFrom(options: ReferenceServerOptions): Promise<Corpus> {
  if (typeof options.corpus === "object") {
    if (options.kindMap !== undefined) {
      throw new TypeError(
        "createReferenceServer: kindMap applies when loading a corpus folder; this corpus is already loaded with its own kind map. Pass the kind map to loadCorpus instead.",
      );
    }
    return options.corpus;
  }
  const dir = options.corpus ?? sampleCorpusDir();
  // The index cache folder also keeps the folder's parsed documents (corpus/parse-cache.ts); a
  // large folder is loaded by worker threads, its index built beside the reads (search/folder-load.ts).
  return loadServedCorpus(dir, {
    ...(options.kindMap ? { kindMap: options.kindMap } : {}),
    ...(typeof options.indexCache === "string" ? { parseCache: options.indexCache } : {}),
  });
}

/**
 * The corpus's search index: from the cache when it holds this revision, else built (and cached:
 * `written` settles when the cache file is written, meanwhile the server is set up).
 */
function searchIndexOf(
  corpus: Corpus,
  cacheDir: string | false,
): { index: SearchIndex; indexSource: "built" | "cache"; written?: Promise<boolean> } {
  if (cacheDir === false || corpus.root === "")
    return { index: new SearchIndex(corpus.documents), indexSource: "built" };
  const cached = readCachedPostings(cacheDir, corpus.root, corpus.revision, corpus.documents.length);
  if (cached) return { index: new SearchIndex(corpus.documents, cached), indexSource: "cache" };
  const index = new SearchIndex(corpus.documents);
  const written = writeCachedPostings(cacheDir, corpus.root, corpus.revision, index.postings);
  return { index, indexSource: "built", written };
}

/** Check the options, load the corpus and build (or read) its index: everything but the transports. */
export async function prepareServer(options: ReferenceServerOptions = {}): Promise<PreparedServer> {
  const mode = options.mode ?? "contract";
  if (!(SERVER_MODES as readonly string[]).includes(mode)) {
    throw new TypeError(
      `createReferenceServer: mode '${String(mode)}' is not one of ${SERVER_MODES.join(", ")}`,
    );
  }
  const corpus = await corpusFrom(options);
  const version = options.version ?? DEFAULT_SERVER_VERSIONS[mode];
  let windowMinors: number;
  try {
    parseSemver(version, "createReferenceServer: version");
    windowMinors = windowLength(options.windowMinors);
  } catch (error) {
    throw new TypeError(`createReferenceServer: ${(error as Error).message}`, { cause: error });
  }
  const name = options.name ?? DEFAULT_SERVER_NAME;
  const { index, indexSource, written } = searchIndexOf(corpus, options.indexCache ?? false);
  const legacyRanking = options.legacyRanking ?? "0.28";
  if (!(LEGACY_RANKINGS as readonly string[]).includes(legacyRanking)) {
    throw new TypeError(
      `createReferenceServer: legacyRanking '${String(legacyRanking)}' is not one of ${LEGACY_RANKINGS.join(", ")}`,
    );
  }
  const dispatcher = new Dispatcher({
    served: servedCorpus(corpus, index),
    mode,
    version,
    windowMinors,
    legacyRanking,
  });
  const consumers = new Map<string, number>();
  const record = (consumer: string | null) => {
    if (consumer) consumers.set(consumer, (consumers.get(consumer) ?? 0) + 1);
  };
  // The tool list (each tool's JSON Schemas, rendered from zod) is built on first use: a one-shot
  // embedded call never lists the tools, and rendering them was a tenth of a CLI `search`.
  let tools: readonly ToolDefinition[] | undefined;
  // The server is ready once its index is on disk too: the next start reads it.
  await written;
  return {
    name,
    corpus,
    mode,
    version,
    indexSource,
    windowMinors,
    dispatcher,
    get tools() {
      tools ??= toolDefinitions(mode);
      return tools;
    },
    consumers,
    record,
  };
}
