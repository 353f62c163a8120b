/**
 * The MCP client side this SDK needs — `initialize`, `notifications/initialized`,
 * then `tools/call` — as a small JSON-RPC peer over any MCP transport (the
 * Streamable HTTP one in http-transport.ts, or an embedded server's in-memory
 * one). Not the SDK's Client nor its Protocol: those import the SDK's
 * types.js, which builds every MCP schema with full zod at load time, and the
 * Client also imports ajv (compiling with `new Function`, forbidden on edge
 * runtimes). Together they were a third of the edge bundle. The handshake is
 * the SDK Client's (same request, same protocol-version check, same
 * `notifications/initialized`), so servers see no difference; results are
 * checked by shape here and by the contract in validate.ts.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Implementation, JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "./protocol-versions.js";

export { SUPPORTED_PROTOCOL_VERSIONS };
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

/** JSON-RPC error codes the client raises itself (the same numbers as the SDK's ErrorCode). */
export const RPC_ERROR = {
  connectionClosed: -32000,
  requestTimeout: -32001,
  invalidRequest: -32600,
  methodNotFound: -32601,
} as const;

/** A JSON-RPC error: one the server answered with, or a timeout / closed connection raised here. */
export class McpRpcError extends Error {
  override readonly name = "McpRpcError";
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(`MCP error ${code}: ${message}`);
  }
}

export interface RequestOptions {
  /** Reject with a RequestTimeout error after this many ms without the reply. */
  readonly timeout?: number;
  /** Abort: rejects with the signal's reason and tells the server to cancel. */
  readonly signal?: AbortSignal;
}

type Id = string | number;
type Json = Record<string, unknown>;

interface Pending {
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
}

const isObj = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class McpToolClient {
  #transport: Transport | undefined;
  #nextId = 0;
  readonly #pending = new Map<Id, Pending>();
  #serverVersion: Implementation | undefined;
  /** Called once when the connection ends (closed here, by the server, or by the transport). */
  onclose?: () => void;

  constructor(private readonly clientInfo: Implementation) {}

  get transport(): Transport | undefined {
    return this.#transport;
  }

  /** Connect and initialize; a failed handshake closes the connection and rethrows. */
  async connect(transport: Transport, options?: RequestOptions): Promise<void> {
    this.#transport = transport;
    transport.onmessage = (message) => this.#receive(message);
    transport.onclose = () => this.#closed();
    // Transport-level errors also reject the request they concern (send() throws, or the
    // transport delivers an error reply); nothing more to do with them here.
    transport.onerror = () => undefined;
    await transport.start();
    // A transport that already carries a session id is resuming one: no second initialize (as the SDK Client).
    if (transport.sessionId !== undefined) return;
    try {
      const result = await this.request(
        "initialize",
        { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: this.clientInfo },
        options,
      );
      const info = isObj(result) ? result.serverInfo : undefined;
      if (
        !isObj(result) ||
        typeof result.protocolVersion !== "string" ||
        !isObj(info) ||
        typeof info.name !== "string" ||
        typeof info.version !== "string"
      ) {
        throw new TypeError(
          `the server's initialize result lacks protocolVersion or serverInfo {name, version}: ${JSON.stringify(result)?.slice(0, 200)}`,
        );
      }
      if (!(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(result.protocolVersion)) {
        throw new Error(`Server's protocol version is not supported: ${result.protocolVersion}`);
      }
      this.#serverVersion = info as unknown as Implementation;
      // HTTP transports send the negotiated version in a header on every later request.
      transport.setProtocolVersion?.(result.protocolVersion);
      await transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    } catch (error) {
      void this.close();
      throw error;
    }
  }

  /** The server's `serverInfo` from the handshake. */
  getServerVersion(): Implementation | undefined {
    return this.#serverVersion;
  }

  async callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<CallToolResult> {
    const result = await this.request("tools/call", params, options);
    if (!isObj(result)) {
      throw new TypeError(`the server's tools/call result is not an object: ${JSON.stringify(result)}`);
    }
    // The content items are read (and refused when malformed) by validate.ts.
    return result as unknown as CallToolResult;
  }

  /** Send a request and wait for its reply, within `timeout` and until `signal` aborts. */
  request(method: string, params: Json, options: RequestOptions = {}): Promise<unknown> {
    const transport = this.#transport;
    if (!transport) return Promise.reject(new Error("the MCP client is not connected"));
    const { signal, timeout } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.#nextId++;
    return new Promise<unknown>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cleanup = () => {
        this.#pending.delete(id);
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      // Tell the server to stop working on it (best effort: the notification may fail too).
      const cancel = (reason: unknown) =>
        transport
          .send({
            jsonrpc: "2.0",
            method: "notifications/cancelled",
            params: { requestId: id, reason: String(reason) },
          })
          .catch(() => undefined);
      const onAbort = () => {
        cleanup();
        void cancel(signal?.reason);
        reject(signal?.reason);
      };
      if (timeout !== undefined) {
        timer = setTimeout(() => {
          cleanup();
          const error = new McpRpcError(RPC_ERROR.requestTimeout, "Request timed out", { timeout });
          void cancel(error);
          reject(error);
        }, timeout);
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#pending.set(id, {
        resolve: (result) => {
          cleanup();
          resolve(result);
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
      });
      transport.send({ jsonrpc: "2.0", id, method, params } as JSONRPCMessage).catch((error: unknown) => {
        this.#pending.get(id)?.reject(error);
      });
    });
  }

  async close(): Promise<void> {
    await this.#transport?.close();
  }

  #receive(message: JSONRPCMessage): void {
    const m = message as Json;
    const id = m.id;
    const hasId = typeof id === "string" || typeof id === "number";
    if (typeof m.method === "string") {
      // Server notifications (progress, logging, cancelled) need nothing from this client.
      if (!hasId) return;
      // Server requests: answer ping (as the SDK Protocol does); refuse the rest, since this
      // client declares no capabilities (sampling, roots, elicitation).
      const reply =
        m.method === "ping"
          ? { jsonrpc: "2.0", id, result: {} }
          : {
              jsonrpc: "2.0",
              id,
              error: { code: RPC_ERROR.methodNotFound, message: `Method not found: ${m.method}` },
            };
      void this.#transport?.send(reply as JSONRPCMessage).catch(() => undefined);
      return;
    }
    if (!hasId) return;
    const pending = this.#pending.get(id);
    if (!pending) return; // a reply to a request already timed out or aborted
    if (isObj(m.error)) {
      const { code, message: text, data } = m.error;
      pending.reject(
        new McpRpcError(
          typeof code === "number" ? code : RPC_ERROR.invalidRequest,
          typeof text === "string" ? text : "the server answered with a malformed error",
          data,
        ),
      );
    } else if ("result" in m) {
      pending.resolve(m.result);
    } else {
      pending.reject(
        new McpRpcError(RPC_ERROR.invalidRequest, "the server's reply has neither result nor error", m),
      );
    }
  }

  #closed(): void {
    const error = new McpRpcError(RPC_ERROR.connectionClosed, "Connection closed");
    for (const pending of [...this.#pending.values()]) pending.reject(error);
    this.#pending.clear();
    this.onclose?.();
  }
}
