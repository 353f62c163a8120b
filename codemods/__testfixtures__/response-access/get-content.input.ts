import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

export async function essayPage(mcp: Client, uri: string) {
  const reply = await mcp.callTool({ name: "oddkit_get", arguments: { input: uri } });
  // The MCP content array is not the legacy `content` field.
  const envelope = JSON.parse((reply.content as Array<{ text: string }>)[0]!.text);
  if (envelope.result.error) throw new Error(envelope.result.error);
  return { markdown: envelope.result.content, hash: envelope.result.content_hash, title: envelope.result.metadata?.title };
}
