// related: documents related to the one being read (excluding itself).
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
  const current = new URL(request.url).searchParams.get("path") ?? "";
  const related = envelope.result.hits.filter((hit: { path: string }) => hit.path !== current).slice(0, 3);
  return Response.json({
    related: related.map((hit: { uri: string; title: string }) => ({ uri: hit.uri, title: hit.title })),
  });
}

serve(handler);
