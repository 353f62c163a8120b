import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

let client: Client | undefined;

export async function connectOddkit(url = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp"): Promise<Client> {
  if (client) return client;
  const c = new Client({ name: "research-agent", version: "0.4.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  client = c;
  return c;
}

/** Call a tool and return the parsed oddkit envelope. */
export async function tool(c: Client, name: string, args: Record<string, unknown>) {
  const res = await c.callTool({ name, arguments: args });
  const [first] = res.content as Array<{ type: string; text: string }>;
  return JSON.parse(first.text);
}

export async function disconnect(): Promise<void> {
  await client?.close();
  client = undefined;
}
