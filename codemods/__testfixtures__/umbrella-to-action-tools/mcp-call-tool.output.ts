/**
 * Document loader (file-header comment: must survive the rewrite).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

interface Options {
  readonly uri: string;
}

export async function loadDocument(mcp: Client, { uri }: Options) {
  // Fetch one document through the umbrella tool.
  const reply = await mcp.callTool({ name: "oddkit_get", arguments: {
    input: uri
  } });
  return reply satisfies object;
}

export async function orient(mcp: Client) {
  // Non-retrieval actions stay on the umbrella tool.
  return mcp.callTool({ name: "oddkit", arguments: { action: "orient", input: "new task" } });
}
