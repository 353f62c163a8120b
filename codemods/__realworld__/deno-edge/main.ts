// Deno Deploy: GET /api/ask?q=… → the best three pages of *our* knowledge base.
const ODDKIT = Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp";
const KB = Deno.env.get("KNOWLEDGE_BASE_URL") ?? "https://github.com/klappy/klappy.dev";

type Hit = { uri: string; title: string; score: number };

async function ask(q: string): Promise<Hit[]> {
  const r = await fetch(ODDKIT, {
    method: "POST",
    headers: { "content-type": "application/json", "accept": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0", id: crypto.randomUUID(), method: "tools/call",
      params: { name: "oddkit", arguments: { action: "search", input: q, knowledge_base_url: KB, result_grouping: "merged" } },
    }),
  });
  const rpc = await r.json();
  const env = JSON.parse(rpc.result.content[0].text);
  return env.result.hits;
}

Deno.serve(async (req) => {
  const q = new URL(req.url).searchParams.get("q");
  if (!q) return Response.json({ error: "missing q" }, { status: 400 });
  const hits = await ask(q);
  return Response.json(hits.slice(0, 3).map(({ uri, title, score }) => ({ uri, title, score })));
});
