// tag-search: documents matching a query, grouped by their first tag (through the site's call helper).
import { ODDKIT_URL, readRpc, rpcHeaders, serve } from "../_shared/rpc.ts";

async function callOddkit(tool: string, args: Record<string, unknown>) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: await rpcHeaders(),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: tool, arguments: args },
    }),
  });
  const rpc = await readRpc(res);
  return JSON.parse(rpc.result.content[0]?.text ?? "{}");
}

export async function handler(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const envelope = await callOddkit("oddkit_search", { input: query, include_metadata: true });
  const groups: Record<string, string[]> = {};
  envelope.result.hits.forEach((hit: { title: string; tags: string[] }) => {
    const tag = hit.tags[0] ?? "untagged";
    groups[tag] = [...(groups[tag] ?? []), hit.title];
  });
  return Response.json({ groups });
}

serve(handler);
