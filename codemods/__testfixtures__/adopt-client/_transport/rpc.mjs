// The shared transport of the fixtures: the session opens with the site's consumer label.
export const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";
let session = null;

export function rpcHeaders() {
  session ??= fetch(`${ODDKIT_URL}?consumer=klappy.dev`, { method: "POST" }).then((r) => ({
    "content-type": "application/json",
    "mcp-session-id": r.headers.get("mcp-session-id") ?? "",
  }));
  return session;
}

export async function readRpc(response) {
  return JSON.parse(await response.text());
}
