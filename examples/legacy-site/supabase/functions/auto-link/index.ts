// auto-link: links the first mention of a term to the best-matching document.
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
  const best = envelope.result.hits[0];
  return Response.json(
    best ? { term: query, href: `/${best.path}`, title: best.title } : { term: query, href: null },
  );
}

serve(handler);
