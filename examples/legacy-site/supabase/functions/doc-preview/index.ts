// doc-preview: hover card with the title from the frontmatter and the first lines.
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
      params: { name: "oddkit_get", arguments: { input: uri, include_metadata: true } },
    }),
  });
  const rpc = await readRpc(res);
  const envelope = JSON.parse(rpc.result.content[0]?.text ?? "{}");
  const body: string = envelope.result.content;
  return Response.json({
    title: envelope.result.metadata?.title ?? null,
    preview: body.split("\n").slice(0, 5).join("\n"),
  });
}

serve(handler);
