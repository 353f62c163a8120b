// ⌘K search: raw fetch, parse the envelope, map the hits.
const ODDKIT_URL = "https://oddkit.klappy.dev/mcp?consumer=klappy.dev";

export async function commandK(query: string) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_search", arguments: { input: query } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  if (envelope.result.status === "NO_MATCH") return [];
  return envelope.result.hits.map((hit: any) => ({
    href: hit.path,
    label: hit.title,
    score: hit.score,
    snippet: hit.snippet,
    tags: hit.tags.join(", "),
  }));
}
