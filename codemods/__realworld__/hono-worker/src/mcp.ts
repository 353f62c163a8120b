export interface Env {
  ODDKIT_URL: string;
}

/** One MCP tools/call; oddkit may answer with JSON or with an SSE stream. */
export async function mcpCall(env: Env, name: string, args: Record<string, unknown>) {
  const res = await fetch(env.ODDKIT_URL, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: crypto.randomUUID(), method: "tools/call", params: { name, arguments: args } }),
  });
  if (!res.ok) throw new Error(`oddkit ${name}: ${res.status} ${res.statusText}`);
  const text = await res.text();
  const json = res.headers.get("content-type")?.startsWith("text/event-stream")
    ? JSON.parse(text.split("\n").filter((l) => l.startsWith("data:")).pop()!.slice(5))
    : JSON.parse(text);
  return JSON.parse(json.result.content[0].text);
}
