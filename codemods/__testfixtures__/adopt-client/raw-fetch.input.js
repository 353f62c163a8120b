const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

export async function sitemapPage(offset) {
  const res = await fetch(`${ODDKIT_URL}?consumer=klappy.dev`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "path", limit: 500, offset } },
    }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return { uris: envelope.result.data.map((a) => a.uri), total: envelope.result.total };
}
