import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

const ODDKIT_URL = Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp";

type CatalogArticle = { path: string; uri: string; title: string; metadata: Record<string, unknown> };

serve(async (req) => {
  if (req.method === "OPTIONS") return new Response(null, { headers: corsHeaders });

  const res = await fetch(`${ODDKIT_URL}?consumer=journal-feed`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "date", limit: 500 } },
    }),
  });
  const body = await res.json();
  const catalog = JSON.parse(body.result.content[0].text).result;

  const entries = [];
  for (const article of catalog.articles as CatalogArticle[]) {
    if (!article.path.startsWith("odd/journal/")) continue;
    if (!article.metadata.date) continue;
    entries.push({ title: article.title, uri: article.uri, date: article.metadata.date });
  }

  return new Response(JSON.stringify({ entries }), {
    headers: { ...corsHeaders, "Content-Type": "application/json" },
  });
});
