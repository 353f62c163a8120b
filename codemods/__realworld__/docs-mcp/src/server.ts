import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { upstream } from "./oddkit";
import { readDoc } from "./read";

type ToolText = { content: Array<{ type: "text"; text: string }> };

/** The `docs` tool: our agents ask it, it asks oddkit. */
export async function docsTool({ query }: { query: string }): Promise<ToolText> {
  const envelope = await upstream("oddkit_search", { input: query });
  const hits: Array<{ uri: string; title: string; score: number }> = envelope.result.hits;
  if (hits.length === 0) return { content: [{ type: "text", text: `No documents match "${query}".` }] };
  const text = hits.map((h, i) => `${i + 1}. ${h.title} <${h.uri}> (score ${h.score.toFixed(2)})`).join("\n");
  return { content: [{ type: "text", text }] };
}

export function createDocsServer(): McpServer {
  const server = new McpServer({ name: "acme-docs", version: "1.3.0" });
  server.registerTool(
    "docs",
    { description: "Search the Acme handbook", inputSchema: { query: z.string().min(1) } },
    docsTool,
  );
  server.registerTool(
    "docs_read",
    {
      description: "Read one handbook section",
      inputSchema: { uri: z.string(), section: z.string() },
    },
    readDoc,
  );
  return server;
}
