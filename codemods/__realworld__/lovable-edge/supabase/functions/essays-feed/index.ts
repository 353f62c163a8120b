import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

// Labelled so the oddkit dashboard can tell us apart from the docs site.
const ODDKIT_ENDPOINT = "https://oddkit.klappy.dev/mcp?consumer=lovable-essays";

interface Article {
  path: string;
  uri: string;
  title: string;
  metadata: Record<string, any>;
}

async function loadArticles(): Promise<Article[]> {
  const res = await fetch(ODDKIT_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: "essays",
      method: "tools/call",
      params: {
        name: "oddkit_catalog",
        arguments: { sort_by: "date", limit: 500, include_metadata: true },
      },
    }),
  });

  if (!res.ok) {
    throw new Error(`oddkit responded ${res.status}`);
  }

  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.articles;
}

serve(async (req) => {
  if (req.method === "OPTIONS") {
    return new Response(null, { headers: corsHeaders });
  }

  try {
    const articles = await loadArticles();
    const essays = articles
      .filter(({ metadata }) => metadata.public === true)
      .sort((a, b) => String(b.metadata.date ?? "").localeCompare(String(a.metadata.date ?? "")))
      .map((a) => ({
        title: a.title,
        uri: a.uri,
        date: a.metadata.date ?? null,
        tags: a.metadata.tags ?? [],
      }));

    return new Response(JSON.stringify({ essays, count: essays.length }), {
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  } catch (error) {
    console.error("essays-feed failed", error);
    return new Response(JSON.stringify({ error: "Failed to load essays" }), {
      status: 502,
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  }
});
