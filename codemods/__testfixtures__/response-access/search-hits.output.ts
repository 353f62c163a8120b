// ⌘K search: raw fetch, parse the envelope, map the hits.
const ODDKIT_URL = "https://oddkit.klappy.dev/mcp?consumer=klappy.dev";

export async function commandK(query: string) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_search", arguments: {
      input: query,
      disclosure: ["metadata"]
    } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  if (envelope.result.status === "NO_MATCH") return [];
  // TODO(oddkit-migrate): entries carry no path: this now reads the URI; where a repository path is needed use pathForKlappyUri(uri) from oddkit-sdk (klappy:// URIs only)
  return envelope.result.data.map((hit: any) => ({
    href: hit.uri,
    label: hit.title,
    score: hit.score,
    snippet: hit.snippet,
    tags: (hit.metadata.tags as string[] | undefined ?? []).join(", "),
  }));
}
