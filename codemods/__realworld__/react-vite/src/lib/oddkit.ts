// Thin wrapper around the oddkit MCP endpoint. Every oddkit feature of the app goes through here.
const ODDKIT_URL = import.meta.env?.VITE_ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

let requestId = 0;

export async function callOddkit(action: string, params: Record<string, unknown> = {}) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: ++requestId,
      method: "tools/call",
      params: { name: "oddkit", arguments: { action, input: "", ...params } },
    }),
  });
  if (!res.ok) throw new Error(`oddkit ${action} failed: ${res.status}`);
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  if (envelope.action === "error") throw new Error(envelope.result.error);
  return envelope.result;
}
