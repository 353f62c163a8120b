// The site's MCP client: the transport's URL and the client's name become the SDK client's options.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

import { createOddkitClient } from "oddkit-sdk";

const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

const oddkit = createOddkitClient({
  url: ODDKIT_URL,
  consumer: "klappy.dev"
});

const mcp = new Client({ name: "klappy.dev", version: "1.0.0" });
await mcp.connect(new StreamableHTTPClientTransport(new URL(ODDKIT_URL)));

function envelopeOf(reply: unknown) {
  const [first] = (reply as { content: Array<{ text: string }> }).content;
  return JSON.parse(first?.text ?? "{}");
}

export async function search(query: string) {
  const result = await oddkit.search({
    query,
    disclosure: ["metadata"]
  });

  return result.data.map((hit: { uri: string; title: string; score: number }) => `${hit.title} ${hit.score}`);
}

export async function page(uri: string): Promise<string> {
  const result = await oddkit.get({
    uri
  });

  return result.data.body;
}
