import { z } from "zod";

// LangChain-style tools (name, description, schema, func) handed to the agent executor.
// The agent sees the names below; they are our tool names, chosen to match oddkit's.

const ENDPOINT = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

async function mcp(name: string, args: object) {
  const r = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const j = await r.json();
  return JSON.parse(j.result.content[0].text).result;
}

export const oddkitSearch = {
  name: "oddkit_search",
  description: "Search the klappy.dev canon. Input: a question. Returns the best matching documents as JSON.",
  schema: z.object({ query: z.string().describe("what to look for") }),
  func: async ({ query }: { query: string }): Promise<string> => {
    const result = await mcp("oddkit_search", { input: query });
    return JSON.stringify(
      result.hits.slice(0, 3).map((h: { title: string; uri: string; score: number }) => ({
        title: h.title,
        uri: h.uri,
        score: h.score,
      })),
    );
  },
};

export const oddkitRead = {
  name: "oddkit_get",
  description: "Read one klappy:// document in full. Input: its URI.",
  schema: z.object({ uri: z.string() }),
  func: async ({ uri }: { uri: string }): Promise<string> => {
    const doc = await mcp("oddkit_get", { input: uri });
    return doc.error ? `ERROR: ${doc.error}` : doc.content;
  },
};

export const tools = [oddkitSearch, oddkitRead];
