// Edge function helper: raw JSON-RPC over fetch.
export async function searchRaw(url, query) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit", arguments: { action: "search", input: query } },
    }),
  });
  return response.json();
}
