// Talks to oddkit on behalf of this server's own MCP clients. oddkit may answer
// a tools/call with plain JSON or with one SSE event; both are handled.
const UPSTREAM = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

export async function upstream(name: string, args: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${UPSTREAM}?consumer=acme-docs-mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  if (!res.ok) throw new Error(`oddkit ${name}: HTTP ${res.status}`);
  const raw = await res.text();
  const message = (res.headers.get("content-type") ?? "").includes("text/event-stream")
    ? JSON.parse(
        raw
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .at(-1)!
          .slice(6),
      )
    : JSON.parse(raw);
  return JSON.parse(message.result.content[0].text);
}
