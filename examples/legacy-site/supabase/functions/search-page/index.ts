// search-page: the full search page (status, hits with tags).
import { ODDKIT_URL, readRpc, rpcHeaders, serve } from "../_shared/rpc.ts";

export async function handler(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: await rpcHeaders(),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_search", arguments: { input: query } },
    }),
  });
  const rpc = await readRpc(res);
  const envelope = JSON.parse(rpc.result.content[0]?.text ?? "{}");
  if (envelope.result.status !== "FOUND") return Response.json({ query, results: [] });
  const results = envelope.result.hits.map(
    (hit: { uri: string; title: string; snippet: string; tags: string[] }) => ({
      uri: hit.uri,
      title: hit.title,
      snippet: hit.snippet,
      tags: hit.tags,
    }),
  );
  return Response.json({ query, results });
}

serve(handler);
