/**
 * A fresh MCP server (official SDK, low-level `Server`) with every tool
 * registered. Low-level handlers let the published `inputSchema` be exactly
 * the contract core's JSON Schema rather than one re-derived by the SDK.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import { callParams as checkCallParams, listedTools, SERVER_INSTRUCTIONS } from "./call-params.js";
import type { Dispatcher } from "./dispatch.js";
import type { ToolDefinition } from "./tools.js";

export { SERVER_INSTRUCTIONS };

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
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listedTools(options.tools) }));
  // tools/call is registered with a schema that accepts any params, on the base Protocol handler:
  // the SDK's own CallToolRequestSchema check would answer malformed params with -32603 and a
  // raw zod dump. Here they get -32602 and a sentence saying what to send.
  const register = Object.getPrototypeOf(Server.prototype).setRequestHandler as Server["setRequestHandler"];
  register.call(server, LooseCallToolRequestSchema, async (request, extra) => {
    const { name, args } = callParams(request.params, options.tools);
    const info = extra.requestInfo;
    const consumer = info ? consumerOf(info.url, info.headers) : (options.consumer ?? null);
    options.onCall?.(consumer);
    return options.dispatcher.call(name, args, { consumer });
  });
  return server;
}

// `.optional()`: a request may omit params altogether, which must reach callParams for its sentence.
const LooseCallToolRequestSchema = z.object({
  method: z.literal("tools/call"),
  params: z.unknown().optional(),
});

/** `tools/call` params checked by hand (call-params.ts), a malformed one as the SDK's InvalidParams error. */
export function callParams(
  params: unknown,
  tools: readonly ToolDefinition[],
): { name: string; args: Record<string, unknown> } {
  const checked = checkCallParams(params, () => tools);
  if ("refused" in checked) throw new McpError(ErrorCode.InvalidParams, checked.refused);
  return checked;
}
