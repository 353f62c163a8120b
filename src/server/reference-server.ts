/**
 * createReferenceServer: the embedded oddkit server over a folder of
 * markdown (default: the bundled sample corpus), in the contract, legacy or
 * window shape, reachable in-process, in memory, over HTTP and over stdio.
 */

import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Corpus, LoadWarning } from "../corpus/types.js";
import type { CallMeta, ToolResult } from "./dispatch.js";
import { createFetchHandler } from "./http.js";
import { type Listening, type ListenOptions, listenWith } from "./listen.js";
import { createMcpServer } from "./mcp.js";
import { prepareServer, type ReferenceServerOptions } from "./setup.js";
import type { ServerMode, ToolDefinition } from "./tools.js";

export { DEFAULT_SERVER_NAME, DEFAULT_SERVER_VERSIONS, type ReferenceServerOptions } from "./setup.js";

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

export async function createReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const prepared = await prepareServer(options);
  const { name, corpus, mode, version, indexSource, windowMinors, dispatcher, tools, consumers, record } =
    prepared;
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
