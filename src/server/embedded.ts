/**
 * The reference server reached in-process without the MCP SDK's server
 * stack: what the CLI's retrieval verbs use when they serve a corpus
 * themselves. The SDK's `Server` (with `InMemoryTransport`) loads the SDK's
 * `types.js`, which builds every MCP schema with zod at import time, and
 * ajv; for one `search` on the sample corpus that loading was most of the
 * command's second. Here the client's JSON-RPC messages go straight to the
 * same dispatcher, answered the way the SDK's `Server` answers them
 * (handshake, `tools/list`, `tools/call`, `ping`, errors), and the client
 * validates the answers exactly as it does any server's.
 * test/server/embedded.test.ts holds the two paths to the same replies.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "../client/protocol-versions.js";
import type { Corpus } from "../corpus/types.js";
import { callParams, listedTools, SERVER_INSTRUCTIONS } from "./call-params.js";
import type { CallMeta, ToolResult } from "./dispatch.js";
import { type PreparedServer, prepareServer, type ReferenceServerOptions } from "./setup.js";
import type { ServerMode, ToolDefinition } from "./tools.js";

/**
 * The protocol versions the SDK's `Server` negotiates (newest first): the requested one when
 * listed, else the newest. The same list the client speaks.
 */
export const SERVER_PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS;

/** JSON-RPC error codes the SDK's Protocol answers with (its ErrorCode). */
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const METHOD_NOT_FOUND = -32601;

export interface EmbeddedServer {
  readonly name: string;
  readonly corpus: Corpus;
  readonly mode: ServerMode;
  readonly version: string;
  readonly indexSource: "built" | "cache";
  readonly tools: readonly ToolDefinition[];
  readonly consumers: ReadonlyMap<string, number>;
  /** One tool call without any transport (as ReferenceServer.callTool). */
  callTool(name: string, args?: Record<string, unknown>, meta?: CallMeta): Promise<ToolResult>;
  /** A client-side transport whose messages the dispatcher answers directly. */
  connectInMemory(options?: { consumer?: string }): Promise<Transport>;
  close(): Promise<void>;
}

type Message = Record<string, unknown>;

/** The reply of the SDK's Protocol to a request whose handler threw. */
function errorReply(id: unknown, error: unknown): JSONRPCMessage {
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: Number.isSafeInteger(e.code) ? (e.code as number) : INTERNAL_ERROR,
      message: typeof e.message === "string" ? e.message : "Internal error",
      ...(e.data !== undefined ? { data: e.data } : {}),
    },
  } as JSONRPCMessage;
}

/** The SDK's McpError text: `MCP error <code>: <message>`. */
const mcpError = (code: number, message: string) => ({ code, message: `MCP error ${code}: ${message}` });

const REQUEST_KEYS = new Set(["jsonrpc", "id", "method", "params"]);
const NOTIFICATION_KEYS = new Set(["jsonrpc", "method", "params"]);

const isPlainObject = (v: unknown): v is Message => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What the SDK's Protocol takes a client message for (its strict JSONRPCRequestSchema and
 * JSONRPCNotificationSchema): `jsonrpc` "2.0", a string `method`, `params` absent or an object
 * (its `_meta`, when present, an object), an `id` that is a string or an integer for a request
 * and absent for a notification, and no other key. Anything else is neither.
 */
function messageKind(m: Message): "request" | "notification" | "other" {
  if (m.jsonrpc !== "2.0" || typeof m.method !== "string") return "other";
  if (m.params !== undefined) {
    if (!isPlainObject(m.params)) return "other";
    if (m.params._meta !== undefined && !isPlainObject(m.params._meta)) return "other";
  }
  const keys = Object.keys(m);
  if ("id" in m) {
    const id = m.id;
    if (typeof id !== "string" && !Number.isSafeInteger(id)) return "other";
    return keys.every((k) => REQUEST_KEYS.has(k)) ? "request" : "other";
  }
  return keys.every((k) => NOTIFICATION_KEYS.has(k)) ? "notification" : "other";
}

/** One client connection: JSON-RPC in, the dispatcher's answers out (asynchronously, as a transport). */
class DirectTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #closed = false;

  constructor(
    private readonly server: PreparedServer,
    private readonly consumer: string | null,
    private readonly onClosed: (transport: DirectTransport) => void,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new Error("Not connected");
    const m = message as Message;
    const kind = messageKind(m);
    if (kind === "notification") return; // initialized, cancelled: nothing to answer
    // The SDK's Protocol answers nothing to a message that is no JSON-RPC request or notification
    // (e.g. string params), nor to a reply it did not ask for: it reports it on the server side,
    // which the client never sees. Nothing is answered here either.
    if (kind !== "request") return;
    const reply = this.#answer(m.id, m.method as string, m.params);
    // Answered on a later turn, as a transport would: the caller has registered its reply handler.
    await Promise.resolve();
    if (!this.#closed) this.onmessage?.(reply);
  }

  #answer(id: unknown, method: string, params: unknown): JSONRPCMessage {
    try {
      switch (method) {
        case "initialize": {
          const requested = (params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
          const protocolVersion = (SERVER_PROTOCOL_VERSIONS as readonly unknown[]).includes(requested)
            ? requested
            : SERVER_PROTOCOL_VERSIONS[0];
          return {
            jsonrpc: "2.0",
            id,
            result: {
              protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: this.server.name, version: this.server.version },
              instructions: SERVER_INSTRUCTIONS,
            },
          } as JSONRPCMessage;
        }
        case "ping":
          return { jsonrpc: "2.0", id, result: {} } as JSONRPCMessage;
        case "tools/list":
          return { jsonrpc: "2.0", id, result: { tools: listedTools(this.server.tools) } } as JSONRPCMessage;
        case "tools/call": {
          const checked = callParams(params, () => this.server.tools);
          if ("refused" in checked) {
            return { jsonrpc: "2.0", id, error: mcpError(INVALID_PARAMS, checked.refused) } as JSONRPCMessage;
          }
          const { name, args } = checked;
          this.server.record(this.consumer);
          const result = this.server.dispatcher.call(name, args, { consumer: this.consumer });
          return { jsonrpc: "2.0", id, result } as JSONRPCMessage;
        }
        default:
          return {
            jsonrpc: "2.0",
            id,
            error: { code: METHOD_NOT_FOUND, message: "Method not found" },
          } as JSONRPCMessage;
      }
    } catch (error) {
      return errorReply(id, error);
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.onClosed(this);
    this.onclose?.();
  }
}

/**
 * The embedded server for in-process clients only (no HTTP, no stdio, no SDK):
 * the same options, corpus, index cache and dispatcher as createReferenceServer.
 */
export async function createEmbeddedServer(options: ReferenceServerOptions = {}): Promise<EmbeddedServer> {
  const prepared = await prepareServer(options);
  const open = new Set<DirectTransport>();
  return {
    name: prepared.name,
    corpus: prepared.corpus,
    mode: prepared.mode,
    version: prepared.version,
    indexSource: prepared.indexSource,
    get tools() {
      return prepared.tools;
    },
    consumers: prepared.consumers,
    async callTool(toolName, args = {}, meta = {}) {
      prepared.record(meta.consumer ?? null);
      return prepared.dispatcher.call(toolName, args, meta);
    },
    async connectInMemory(connect = {}) {
      const transport = new DirectTransport(prepared, connect.consumer ?? null, (t) => open.delete(t));
      open.add(transport);
      return transport;
    },
    async close() {
      await Promise.all([...open].map((t) => t.close()));
    },
  };
}
