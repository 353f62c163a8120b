/**
 * The site's oddkit wrapper: one MCP client, connected lazily, and the two
 * functions the pages use.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ODDKIT_URL } from "./config.ts";

/** A search hit as the pages use it. */
export interface SearchHit {
  uri: string;
  path: string;
  title: string;
  tags?: string[];
  score: number;
  snippet: string;
}

let connecting: Promise<Client> | null = null;

function connect(): Promise<Client> {
  connecting ??= (async () => {
    const client = new Client({ name: "klappy.dev", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(ODDKIT_URL)));
    return client;
  })();
  return connecting;
}

/** Close the shared connection (tests, scripts). */
export async function disconnect(): Promise<void> {
  const client = await connecting;
  connecting = null;
  await client?.close();
}

function envelopeOf(reply: unknown) {
  const [first] = (reply as { content: Array<{ type: string; text: string }> }).content;
  return JSON.parse(first?.text ?? "{}");
}

export async function searchDocuments(query: string): Promise<SearchHit[]> {
  const mcp = await connect();
  const reply = await mcp.callTool({
    name: "oddkit_search",
    arguments: { input: query, include_metadata: true },
  });
  const envelope = envelopeOf(reply);
  return envelope.result.hits as SearchHit[];
}

export async function fetchDocument(uri: string): Promise<{ markdown: string; hash: string }> {
  const mcp = await connect();
  const reply = await mcp.callTool({ name: "oddkit", arguments: { action: "get", input: uri } });
  const envelope = envelopeOf(reply);
  return { markdown: envelope.result.content, hash: envelope.result.content_hash };
}
