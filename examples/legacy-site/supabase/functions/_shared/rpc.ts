/**
 * Raw MCP over fetch, as the edge functions do it: open a session once per
 * isolate (initialize + initialized), then POST `tools/call` bodies with the
 * session header. Replies may be JSON or an SSE stream of `data:` lines.
 */
import { ODDKIT_URL } from "../../../src/lib/config.ts";

export { ODDKIT_URL };

const BASE_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
let session: Promise<Record<string, string>> | null = null;

/** Headers for a tools/call in an initialized session. */
export function rpcHeaders(): Promise<Record<string, string>> {
  session ??= (async () => {
    const init = await fetch(`${ODDKIT_URL}?consumer=klappy.dev`, {
      method: "POST",
      headers: BASE_HEADERS,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-03-26",
          capabilities: {},
          clientInfo: { name: "klappy.dev", version: "1.0.0" },
        },
      }),
    });
    await init.text();
    const headers = { ...BASE_HEADERS, "mcp-session-id": init.headers.get("mcp-session-id") ?? "" };
    const initialized = await fetch(`${ODDKIT_URL}?consumer=klappy.dev`, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    await initialized.text();
    return headers;
  })();
  return session;
}

/** The JSON-RPC reply of a POST, whether it came as JSON or as SSE. */
export async function readRpc(response: Response): Promise<{ result: { content: Array<{ text: string }> } }> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.includes("text/event-stream")) return JSON.parse(text);
  const data = text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim());
  return JSON.parse(data[data.length - 1] ?? "{}");
}

/** Deno.serve when running under Deno; under Node the handler is only exported. */
export function serve(handler: (request: Request) => Promise<Response>): void {
  const deno = (globalThis as { Deno?: { serve(h: (request: Request) => Promise<Response>): unknown } }).Deno;
  deno?.serve(handler);
}
