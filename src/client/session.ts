/**
 * One MCP session per client: connected lazily on the first call, reused by
 * every later call, reconnected once when the server has forgotten it (HTTP
 * 404 for an expired `mcp-session-id`: the transport would otherwise keep
 * sending the dead id), and closed by `close()`.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FetchLike } from "./http.js";
import { HttpStatusError, StreamableHttpTransport } from "./http-transport.js";
// Not the SDK's Client: it imports ajv and every MCP schema built with full zod. See mcp-client.ts.
import { McpToolClient as Client } from "./mcp-client.js";
import { CLIENT_VERSION } from "./version.js";

/** Anything that can hand out a client-side MCP transport to an embedded server (e.g. a ReferenceServer). */
export interface InMemoryServer {
  connectInMemory(options?: { consumer?: string }): Promise<Transport>;
}

export interface SessionOptions {
  readonly url?: URL;
  readonly server?: InMemoryServer;
  /** The fetch the HTTP transport uses (ky-backed, see http.ts). */
  readonly fetch?: FetchLike;
  readonly headers?: Readonly<Record<string, string>>;
  /** MCP clientInfo.name (the consumer label when one is given). */
  readonly clientName: string;
  /** Consumer label, handed to an embedded server's connectInMemory (the URL carries it over HTTP). */
  readonly consumer?: string;
}

export interface SessionCallOptions {
  /** Overall budget of the MCP request in ms (the MCP request's timeout). */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export class McpSession {
  #client: Client | null = null;
  #connecting: Promise<Client> | null = null;
  #closed = false;

  constructor(private readonly options: SessionOptions) {}

  async serverInfo(timeoutMs: number): Promise<{ name: string; version: string }> {
    const client = await this.#connect(timeoutMs);
    const info = client.getServerVersion();
    return { name: info?.name ?? "unknown", version: info?.version ?? "unknown" };
  }

  /** Call a tool; a 404 for an expired session reconnects once and repeats the call. */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: SessionCallOptions,
  ): Promise<CallToolResult> {
    const client = await this.#connect(options.timeoutMs);
    try {
      return await this.#call(client, name, args, options);
    } catch (error) {
      if (!isExpiredSession(error, client)) throw error;
      await this.#drop(client);
      const fresh = await this.#connect(options.timeoutMs);
      return await this.#call(fresh, name, args, options);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pending = this.#connecting;
    this.#connecting = null;
    const client = this.#client ?? (pending ? await pending.catch(() => null) : null);
    this.#client = null;
    if (!client) return;
    const transport = client.transport;
    // Ask an HTTP server to end the session (DELETE), then drop the connection.
    if (transport instanceof StreamableHttpTransport && transport.sessionId) {
      await transport.terminateSession().catch(() => undefined);
    }
    await client.close().catch(() => undefined);
  }

  #call(client: Client, name: string, args: Record<string, unknown>, options: SessionCallOptions) {
    return client.callTool({ name, arguments: args }, { timeout: options.timeoutMs, signal: options.signal });
  }

  #connect(timeoutMs: number): Promise<Client> {
    if (this.#closed) {
      return Promise.reject(new Error("the oddkit client is closed; create a new client"));
    }
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#open(timeoutMs).then(
      (client) => {
        this.#client = client;
        this.#connecting = null;
        return client;
      },
      (error: unknown) => {
        this.#connecting = null;
        throw error;
      },
    );
    return this.#connecting;
  }

  async #open(timeoutMs: number): Promise<Client> {
    const client = new Client({ name: this.options.clientName, version: CLIENT_VERSION });
    const transport = await this.#transport();
    await client.connect(transport, { timeout: timeoutMs });
    // The server may drop the connection (in-memory server closed, HTTP stream
    // ended): forget the client so the next call connects again.
    client.onclose = () => {
      if (this.#client === client) this.#client = null;
    };
    return client;
  }

  async #transport(): Promise<Transport> {
    const { url, server } = this.options;
    if (server)
      return server.connectInMemory(this.options.consumer ? { consumer: this.options.consumer } : undefined);
    if (!url) throw new TypeError("createOddkitClient needs a url or a server");
    return new StreamableHttpTransport(url, {
      headers: { ...this.options.headers },
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  async #drop(client: Client): Promise<void> {
    if (this.#client === client) this.#client = null;
    await client.close().catch(() => undefined);
  }
}

function isExpiredSession(error: unknown, client: Client): boolean {
  const transport = client.transport;
  return (
    error instanceof HttpStatusError &&
    error.status === 404 &&
    transport instanceof StreamableHttpTransport &&
    transport.sessionId !== undefined
  );
}
