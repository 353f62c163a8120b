import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

export async function essayPage(mcp: Client, uri: string) {
  const reply = await mcp.callTool({ name: "oddkit_get", arguments: {
    input: uri,
    disclosure: ["metadata", "body"]
  } });
  // The MCP content array is not the legacy `content` field.
  const envelope = JSON.parse((reply.content as Array<{ text: string }>)[0]!.text);
  // TODO(oddkit-migrate): a missing document is now an error result (status NOT_FOUND, MCP isError) instead of result.error
  if (envelope.result.error) throw new Error(envelope.result.error);
  return { markdown: envelope.result.data.body, hash: envelope.result.data.content_hash, title: envelope.result.data.metadata?.title };
}
