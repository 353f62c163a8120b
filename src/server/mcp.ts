/**
 * A fresh MCP server (official SDK, low-level `Server`) with every tool
 * registered. Low-level handlers let the published `inputSchema` be exactly
 * the contract core's JSON Schema rather than one re-derived by the SDK.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Dispatcher } from "./dispatch.js";
import type { ToolDefinition } from "./tools.js";

export const SERVER_INSTRUCTIONS =
  "oddkit reference server (oddkit-sdk): retrieval over a folder of markdown. Use the oddkit_* tools or the unified oddkit tool with action.";

export interface McpServerOptions {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly ToolDefinition[];
  readonly dispatcher: Dispatcher;
  /** Consumer label for calls that carry no HTTP request (in-memory, stdio). */
  readonly consumer?: string | null;
  /** Called with the label of each tool call (null when unlabeled). */
  readonly onCall?: (consumer: string | null) => void;
}

/** The consumer label of an HTTP request: `?consumer=` first, then the `x-oddkit-client` header. */
export function consumerOf(
  url: URL | undefined,
  headers: Record<string, string | string[] | undefined> | undefined,
) {
  const fromQuery = url?.searchParams.get("consumer");
  if (fromQuery) return fromQuery;
  const header = headers?.["x-oddkit-client"];
  const value = Array.isArray(header) ? header[0] : header;
  return value || null;
}

export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: options.name, version: options.version },
    { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const info = extra.requestInfo;
    const consumer = info ? consumerOf(info.url, info.headers) : (options.consumer ?? null);
    options.onCall?.(consumer);
    return options.dispatcher.call(request.params.name, request.params.arguments ?? {}, { consumer });
  });
  return server;
}
