/**
 * The two ways `oddkit-sdk mcp` serves the tools: one session over
 * stdin/stdout (what an editor or agent host spawns), or Streamable HTTP at
 * `/mcp` on 127.0.0.1, stateless (a fresh server per request, JSON answers),
 * behind the library's bounded node:http front (`listenWith`: 4 MiB bodies at
 * most) with the SDK's DNS-rebinding check on the Host header.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type Listening, listenWith, MCP_PATH } from "oddkit-sdk/server";
import { createMigrationMcpServer, type MigrationMcpServerOptions } from "./server.js";

/** Only the loopback address: the tools read the root folder, which no other host should reach. */
export const MCP_HTTP_HOST = "127.0.0.1";

export interface StdioSession {
  close(): Promise<void>;
}

export async function serveStdio(options: MigrationMcpServerOptions = {}): Promise<StdioSession> {
  const server = createMigrationMcpServer(options);
  await server.connect(new StdioServerTransport());
  return { close: () => server.close() };
}

function jsonRpcError(status: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** Streamable HTTP at `http://127.0.0.1:<port>/mcp` (port 0 picks a free one). */
export async function serveHttp(
  options: MigrationMcpServerOptions & { readonly port?: number } = {},
): Promise<Listening> {
  let port = 0;
  const handle = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== MCP_PATH)
      return jsonRpcError(404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (request.method !== "POST")
      return jsonRpcError(
        405,
        "Method not allowed: this server is stateless; send each JSON-RPC message as a POST",
      );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: [`${MCP_HTTP_HOST}:${port}`, `localhost:${port}`],
    });
    const server = createMigrationMcpServer(options);
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
  const listening = await listenWith(handle, { port: options.port ?? 0, host: MCP_HTTP_HOST });
  port = listening.port;
  return listening;
}
