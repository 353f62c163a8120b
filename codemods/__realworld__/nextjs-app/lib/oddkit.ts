import "server-only";

const ODDKIT_URL = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

/**
 * Call an oddkit tool from a server component or route handler.
 * Responses are cached by Next for five minutes.
 */
export async function oddkit<T>(tool: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${ODDKIT_URL}?consumer=klappy-next`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }),
    next: { revalidate: 300 },
  });
  if (!res.ok) {
    throw new Error(`oddkit ${tool}: HTTP ${res.status}`);
  }
  const { result } = await res.json();
  return JSON.parse(result.content[0].text).result as T;
}
