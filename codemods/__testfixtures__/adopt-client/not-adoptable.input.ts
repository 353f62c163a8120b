const ODDKIT_URL = "https://oddkit.klappy.dev/mcp?consumer=klappy.dev";

// The envelope is used beyond `result` (its server_time): the transport stays.
export async function search(query: string) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_search", arguments: { input: query } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return { hits: envelope.result.data, at: envelope.server_time };
}

// Still carrying a legacy parameter: the earlier transforms flag it, adoption waits.
export async function legacy(query: string) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "oddkit_search", arguments: { input: query, result_grouping: "grouped" } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.data;
}
