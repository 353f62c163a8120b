// Essays page data loader.
const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

interface Article {
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

export async function essaysIndex() {
  const res = await fetch(`${ODDKIT_URL}?consumer=klappy.dev`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "date", limit: 100 } },
    }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.articles
    .filter((a: Article) => a.metadata.audience === "public" && a.metadata.exposure === "public")
    .map((a: Article) => ({ href: a.uri, title: a.title }));
}
