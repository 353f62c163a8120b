import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

const ODDKIT_URL = Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp";

serve(async () => {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { include_legacy_envelope: true } },
    }),
  });
  const rpc = await res.json();
  const catalog = JSON.parse(rpc.result.content[0].text).result;

  return new Response(
    JSON.stringify({ tags: catalog.categories.slice().sort(), documents: catalog.total }),
    { headers: { ...corsHeaders, "Content-Type": "application/json" } },
  );
});
