// llms-txt: the raw markdown of one document for LLM crawlers.
import { ODDKIT_URL, readRpc, rpcHeaders, serve } from "../_shared/rpc.ts";

export async function handler(request: Request): Promise<Response> {
  const uri = new URL(request.url).searchParams.get("uri") ?? "";
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: await rpcHeaders(),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_get", arguments: { input: uri } },
    }),
  });
  const rpc = await readRpc(res);
  const envelope = JSON.parse(rpc.result.content[0]?.text ?? "{}");
  return new Response(`# ${uri}\n\n${envelope.result.content}`, {
    headers: { "content-type": "text/plain" },
  });
}

serve(handler);
