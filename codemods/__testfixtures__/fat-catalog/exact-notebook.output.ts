import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

import { createOddkitClient, getNotebook } from "oddkit-sdk";

const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

const oddkit = createOddkitClient({
  url: ODDKIT_URL,
  consumer: "notebook-page"
});

const mcp = new Client({ name: "notebook-page", version: "1.0.0" });
await mcp.connect(new StreamableHTTPClientTransport(new URL(ODDKIT_URL)));

export async function notebook() {
  return (await getNotebook(oddkit, "writings/notebook/", {
    sort_by: "path"
  })).data
    .map((a) => a.uri);
}
