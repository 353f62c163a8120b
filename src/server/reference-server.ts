/**
 * createReferenceServer: the embedded oddkit server over a folder of
 * markdown (default: the bundled sample corpus), in the contract, legacy or
 * window shape, reachable in-process, in memory, over HTTP and over stdio.
 */

import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { KindMap } from "../contract/index.js";
import { CONTRACT_VERSION, parseSemver, windowLength } from "../contract/version-window.js";
import { sampleCorpusDir } from "../corpus/index.js";
import type { Corpus, LoadWarning } from "../corpus/types.js";
import { type CallMeta, Dispatcher, type ToolResult } from "./dispatch.js";
import { createFetchHandler } from "./http.js";
import { LEGACY_RANKINGS, type LegacyRanking } from "./legacy-actions.js";
import { type Listening, type ListenOptions, listenWith } from "./listen.js";
import { createMcpServer } from "./mcp.js";
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

export interface ConnectOptions {
  /** Consumer label for calls through this connection (unlabeled callers get a nudge). */
  readonly consumer?: string;
}

export interface StdioOptions extends ConnectOptions {
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
}

export interface ReferenceServer {
  readonly name: string;
  readonly corpus: Corpus;
  readonly mode: ServerMode;
  readonly version: string;
  /** Where the search index came from: built now, or read from the index cache. */
  readonly indexSource: "built" | "cache";
  /** Minors the legacy envelope window runs after N (2 or 3). */
  readonly windowMinors: number;
  /** Load warnings of the corpus (files served with what could be read, files not read). */
  readonly warnings: readonly LoadWarning[];
  readonly tools: readonly ToolDefinition[];
  /** Tool calls per consumer label seen so far (unlabeled calls are not counted here). */
  readonly consumers: ReadonlyMap<string, number>;
  /** One tool call without any transport: exactly the MCP CallToolResult the transports answer. */
  callTool(name: string, args?: Record<string, unknown>, meta?: CallMeta): Promise<ToolResult>;
  /** A fresh MCP server with every tool registered (one per session or transport). */
  createMcpServer(options?: ConnectOptions): Server;
  /** The client side of an in-memory linked pair whose other side is a fresh connected server. */
  connectInMemory(options?: ConnectOptions): Promise<Transport>;
  /** Web-standard handler: `/mcp` (Streamable HTTP), `/health`, `/.well-known/mcp.json`. */
  fetch(request: Request): Promise<Response>;
  /** Serve over node:http on 127.0.0.1 (port 0 = a free port). */
  listen(options?: ListenOptions): Promise<Listening>;
  /** Serve over stdio (one session). */
  serveStdio(options?: StdioOptions): Promise<{ close(): Promise<void> }>;
  /** Close every session, listener and connection this server opened. */
  close(): Promise<void>;
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

/** The corpus's search index: from the cache when it holds this revision, else built (and cached). */
function searchIndexOf(
  corpus: Corpus,
  cacheDir: string | false,
): { index: SearchIndex; indexSource: "built" | "cache" } {
  if (cacheDir === false || corpus.root === "")
    return { index: new SearchIndex(corpus.documents), indexSource: "built" };
  const cached = readCachedPostings(cacheDir, corpus.root, corpus.revision, corpus.documents.length);
  if (cached) return { index: new SearchIndex(corpus.documents, cached), indexSource: "cache" };
  const index = new SearchIndex(corpus.documents);
  writeCachedPostings(cacheDir, corpus.root, corpus.revision, index.postings);
  return { index, indexSource: "built" };
}

export async function createReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
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
  const { index, indexSource } = searchIndexOf(corpus, options.indexCache ?? false);
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
  const tools = toolDefinitions(mode);
  const consumers = new Map<string, number>();
  const record = (consumer: string | null) => {
    if (consumer) consumers.set(consumer, (consumers.get(consumer) ?? 0) + 1);
  };
  const closers = new Set<() => Promise<void>>();

  const newMcpServer = (connect: ConnectOptions = {}) =>
    createMcpServer({ name, version, tools, dispatcher, consumer: connect.consumer ?? null, onCall: record });

  const http = createFetchHandler({
    name,
    version,
    toolNames: tools.map((t) => t.name),
    newServer: () => newMcpServer(),
    jsonResponse: options.jsonResponse,
  });
  closers.add(() => http.close());

  const track = (close: () => Promise<void>) => {
    const once = async () => {
      closers.delete(once);
      await close();
    };
    closers.add(once);
    return once;
  };

  return {
    name,
    corpus,
    mode,
    version,
    indexSource,
    windowMinors,
    warnings: corpus.warnings,
    tools,
    consumers,
    async callTool(toolName, args = {}, meta = {}) {
      record(meta.consumer ?? null);
      return dispatcher.call(toolName, args, meta);
    },
    createMcpServer: newMcpServer,
    async connectInMemory(connect = {}) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = newMcpServer(connect);
      await server.connect(serverSide);
      track(() => server.close());
      return clientSide;
    },
    fetch: (request) => http.fetch(request),
    async listen(listenOptions = {}) {
      const listening = await listenWith((request) => http.fetch(request), listenOptions);
      const close = track(() => listening.close());
      return { url: listening.url, port: listening.port, close };
    },
    async serveStdio(stdio = {}) {
      const transport = new StdioServerTransport(
        stdio.stdin as NodeJS.ReadStream | undefined,
        stdio.stdout as NodeJS.WriteStream | undefined,
      );
      const server = newMcpServer(stdio);
      await server.connect(transport);
      return { close: track(() => server.close()) };
    },
    async close() {
      await Promise.all([...closers].map((close) => close()));
    },
  };
}
