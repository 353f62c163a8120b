// A call helper that adds its own argument is not a bare transport: its caller keeps it.
import { ODDKIT_URL, readRpc, rpcHeaders } from "./_transport/rpc.mjs";

async function callOddkit(tool, args) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: await rpcHeaders(),
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: tool, arguments: { ...args, limit: 3 } },
    }),
  });
  const rpc = await readRpc(res);
  return JSON.parse(rpc.result.content[0]?.text ?? "{}");
}

export async function titles(query) {
  const envelope = await callOddkit("oddkit_search", { input: query });
  return envelope.result.data.map((hit) => hit.title);
}
