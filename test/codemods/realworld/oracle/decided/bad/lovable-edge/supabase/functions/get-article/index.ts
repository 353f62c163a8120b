import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

const ODDKIT_URL = Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp";

// oddkit answers with a text/event-stream; pull the JSON out of the last data: line.
function parseSse(body: string) {
  const lines = body.split("\n").filter((l) => l.startsWith("data: "));
  return JSON.parse(lines[lines.length - 1].replace("data: ", ""));
}

serve(async (req) => {
  if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });

  const url = new URL(req.url);
  const uri = url.searchParams.get("uri");
  if (!uri) {
    return new Response(JSON.stringify({ error: "Missing uri" }), {
      status: 400,
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  }

  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_get", arguments: { input: uri } },
    }),
  });

  const text = await res.text();
  const rpc = res.headers.get("content-type")?.includes("event-stream") ? parseSse(text) : JSON.parse(text);
  const payload = JSON.parse(rpc.result.content[0].text);
  const answer = payload.result;

  // Decided (errors=contract): a miss is the contract's error result.
  if (answer.status !== "FOUND") {
    // Wrong: the legacy error string kept beside a contract call (errors=contract says the contract's).
    return new Response(JSON.stringify({ error: `Document not found: ${uri}` }), {
      status: 404,
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  }

  // Decided (content=body, hash=contract): the body without its frontmatter, the contract's revision hash.
  return new Response(JSON.stringify({ markdown: answer.data.body, hash: answer.data.content_hash }), {
    headers: { ...corsHeaders, "Content-Type": "application/json" },
  });
});
