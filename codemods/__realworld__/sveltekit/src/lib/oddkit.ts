import { env } from "$env/dynamic/private";

type Fetch = typeof fetch;

/** oddkit tools/call with SvelteKit's fetch (so SSR requests are deduplicated and inlined). */
export async function oddkitTool(fetch: Fetch, name: string, args: Record<string, unknown>) {
  const res = await fetch(env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const payload = await res.json();
  return JSON.parse(payload.result.content[0].text);
}
