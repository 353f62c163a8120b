/**
 * The MCP endpoint frame both shims serve through: a fresh low-level MCP
 * server per session that lists a fixed set of tools and hands every
 * `tools/call` to the shim, wrapped in the Web fetch handler. Each shim
 * supplies only its tool list and how it answers a call.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type RequestInfo,
} from "@modelcontextprotocol/sdk/types.js";
import { createFetchHandler, type FetchHandler } from "../server/http.js";

export interface EndpointTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { type: "object"; [k: string]: unknown };
}

/** A tool answer as the shim computed it: the text of the single content item, and whether it is an error. */
export interface EndpointAnswer {
  readonly text: string;
  readonly isError: boolean;
}

/** Who is calling: the HTTP request (for ?consumer= and headers) and the MCP clientInfo name. */
export interface EndpointCaller {
  readonly requestInfo: RequestInfo | undefined;
  readonly clientName: string | undefined;
}

export type AnswerToolCall = (
  tool: string,
  args: Record<string, unknown>,
  caller: EndpointCaller,
) => Promise<EndpointAnswer>;

export interface ToolEndpointOptions {
  readonly name: string;
  readonly version: string;
  readonly tools: readonly EndpointTool[];
  readonly jsonResponse?: boolean | undefined;
}

export function createToolEndpoint(options: ToolEndpointOptions, answer: AnswerToolCall): FetchHandler {
  const { name, version, tools } = options;
  const newServer = () => {
    const server = new Server({ name, version }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools] }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const { text, isError } = await answer(request.params.name, request.params.arguments ?? {}, {
        requestInfo: extra.requestInfo,
        clientName: server.getClientVersion()?.name,
      });
      return { content: [{ type: "text" as const, text }], ...(isError ? { isError: true } : {}) };
    });
    return server;
  };
  return createFetchHandler({
    name,
    version,
    toolNames: tools.map((t) => t.name),
    newServer,
    jsonResponse: options.jsonResponse,
  });
}
