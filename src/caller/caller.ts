/**
 * The raw tool-calling surface the conformance suite judges. It must see the
 * server's answers exactly as sent, so it never goes through the typed
 * client's fail-closed validation: a URL is called with the MCP SDK `Client`
 * directly, an embedded server through its own `callTool`, and a typed client
 * only through its untouched `callTool` passthrough.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** Anything that answers MCP `tools/call` with a CallToolResult (the reference server does). */
export interface ToolServer {
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
}

/** The typed client's passthrough (never its validated actions). */
export interface PassthroughClient {
  callTool(name: string, args?: Record<string, unknown>): Promise<{ envelope: unknown; isError: boolean }>;
}

export interface ToolConnection {
  /** Call a tool; resolves with the MCP CallToolResult (or the parsed envelope), rejects on transport failure. */
  call(name: string, args: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

export function callerForServer(server: ToolServer): ToolConnection {
  return { call: (name, args) => server.callTool(name, args), close: async () => {} };
}

export function callerForClient(client: PassthroughClient): ToolConnection {
  return {
    // The envelope and isError are handed on as a CallToolResult-like value, so the judge sees both.
    call: async (name, args) => {
      const { envelope, isError } = await client.callTool(name, args);
      return { content: [{ type: "text", text: JSON.stringify(envelope) }], isError };
    },
    close: async () => {},
  };
}

export interface UrlCallerOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request timeout (ms); the SDK default is 60 s. */
  readonly timeoutMs?: number;
}

/** Connect the MCP SDK client to a Streamable HTTP endpoint (e.g. `https://host/mcp`). */
export async function callerForUrl(url: string, options: UrlCallerOptions = {}): Promise<ToolConnection> {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new Error(`--url '${url}' is not a URL; pass the MCP endpoint, e.g. https://host/mcp`);
  }
  const client = new Client({ name: "oddkit-sdk-conformance", version: "0.1.0" });
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { ...(options.headers ?? {}) } },
  });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`cannot connect to ${endpoint.href}: ${(error as Error).message}`);
  }
  return {
    call: (name, args) =>
      client.callTool({ name, arguments: args }, undefined, { timeout: options.timeoutMs ?? 60_000 }),
    close: () => client.close(),
  };
}
