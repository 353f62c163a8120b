/**
 * The backward shim as an MCP endpoint: legacy code that talks to oddkit
 * over HTTP (raw JSON-RPC `fetch`, or the MCP SDK client) points its URL
 * here instead of at the server, and keeps running unchanged against a
 * contract server. Every call is answered by createLegacyCompat; the legacy
 * tools and their 0.28.x parameter schemas are published for `tools/list`.
 * Deprecations are reported per consumer label (the call site of remote code).
 */
import * as z from "zod";
import { UNIFIED_TOOL } from "../../contract/index.js";
import { LegacyToolParamsSchemas, LegacyUnifiedParamsSchema } from "../../legacy/params.js";
import type { FetchHandler } from "../../server/http.js";
import { consumerOf } from "../../server/mcp.js";
import { createToolEndpoint } from "../tool-endpoint.js";
import { LEGACY_TOOLS, type LegacyCompat } from "./compat.js";

export interface LegacyCompatServerOptions {
  /** MCP server name (default "oddkit"). */
  readonly name?: string;
  /** Reported as serverInfo.version (default "0.28.1": what legacy code expects to talk to). */
  readonly version?: string;
  /** Answer POSTs with JSON instead of SSE streams. */
  readonly jsonResponse?: boolean;
}

function inputSchema(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  delete json.$schema;
  return json as { type: "object"; [k: string]: unknown };
}

/** The legacy tool list: the unified `oddkit` tool and the individual retrieval tools. */
export function legacyToolList() {
  return [
    {
      name: UNIFIED_TOOL,
      description:
        "Unified oddkit tool (legacy surface, answered from a contract server by the oddkit-sdk compat shim).",
      inputSchema: inputSchema(LegacyUnifiedParamsSchema),
    },
    ...Object.entries(LEGACY_TOOLS).map(([name, action]) => ({
      name,
      description: `Legacy ${action} (answered from a contract server by the oddkit-sdk compat shim).`,
      inputSchema: inputSchema(LegacyToolParamsSchemas[action]),
    })),
  ];
}

export function createLegacyCompatServer(
  compat: LegacyCompat,
  options: LegacyCompatServerOptions = {},
): FetchHandler {
  const name = options.name ?? "oddkit";
  const version = options.version ?? "0.28.1";
  return createToolEndpoint(
    { name, version, tools: legacyToolList(), jsonResponse: options.jsonResponse },
    async (tool, args, { requestInfo, clientName }) => {
      // The label legacy code gives itself: ?consumer= (or x-oddkit-client), else its MCP clientInfo.name.
      const consumer =
        (requestInfo ? consumerOf(requestInfo.url, requestInfo.headers) : null) ?? clientName ?? null;
      const envelope = await compat.call(tool, args, {
        callSite: `mcp consumer ${consumer ?? "(unlabeled)"}`,
      });
      return { text: JSON.stringify(envelope, null, 2), isError: envelope.action === "error" };
    },
  );
}
