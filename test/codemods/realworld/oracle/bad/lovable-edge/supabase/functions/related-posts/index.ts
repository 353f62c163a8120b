import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

const ODDKIT_URL = Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp";

serve(async (req) => {
  if (req.method === "OPTIONS") return new Response(null, { headers: corsHeaders });

  const { title, currentPath } = await req.json();

  const response = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: Date.now(),
      method: "tools/call",
      params: {
        name: "oddkit_search",
        arguments: { input: title, limit: 5, include: ["canon", "docs", "journals", "essays", "apocrypha"], disclosure: ["metadata"] },
      },
    }),
  });
  const json = await response.json();
  const { result } = JSON.parse(json.result.content[0].text);

  const related = (result.data ?? [])
    .filter((hit: any) => hit.uri !== currentPath)
    .slice(0, 3)
    .map((hit: any) => ({
      title: hit.title,
      href: "/" + hit.uri.replace(/\.md$/, ""),
      tags: hit.metadata.tags,
    }));

  return new Response(JSON.stringify({ related }), {
    headers: { ...corsHeaders, "Content-Type": "application/json" },
  });
});
