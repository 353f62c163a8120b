import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

export async function search(mcp: Client, query: string) {
  return mcp.callTool({ name: "oddkit_search", arguments: { input: query, include_metadata: true } });
}

export async function document(mcp: Client, uri: string) {
  // A get keeps its default body when metadata is added.
  return mcp.callTool({ name: "oddkit_get", arguments: { input: uri, include_metadata: true } });
}

export async function plain(mcp: Client, query: string) {
  return mcp.callTool({ name: "oddkit_search", arguments: { input: query, include_metadata: false } });
}
