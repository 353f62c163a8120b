import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";
const mcp = new Client({ name: "notebook-page", version: "1.0.0" });
await mcp.connect(new StreamableHTTPClientTransport(new URL(ODDKIT_URL)));

export async function notebook() {
  const reply = await mcp.callTool({ name: "oddkit_catalog", arguments: { sort_by: "path", limit: 200 } });
  const envelope = JSON.parse((reply.content as Array<{ text: string }>)[0]!.text);
  return envelope.result.articles
    .filter((a: { uri: string; path: string }) => a.path.startsWith("writings/notebook/"))
    .map((a: { uri: string }) => a.uri);
}
