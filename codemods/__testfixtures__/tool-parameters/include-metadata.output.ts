import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

export async function search(mcp: Client, query: string) {
  return mcp.callTool({ name: "oddkit_search", arguments: {
    input: query,
    disclosure: ["metadata"],
    limit: 5
  } });
}

export async function document(mcp: Client, uri: string) {
  // A get keeps its default body when metadata is added.
  return mcp.callTool({ name: "oddkit_get", arguments: { input: uri, disclosure: ["metadata", "body"] } });
}

export async function plain(mcp: Client, query: string) {
  return mcp.callTool({ name: "oddkit_search", arguments: { input: query, limit: 5 } });
}
