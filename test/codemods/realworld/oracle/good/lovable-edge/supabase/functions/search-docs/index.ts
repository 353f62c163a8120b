import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
import { corsHeaders } from "../_shared/cors.ts";

const ODDKIT_URL = Deno.env.get("ODDKIT_URL") || "https://oddkit.klappy.dev/mcp";

serve(async (req) => {
  // Handle CORS preflight requests
  if (req.method === "OPTIONS") {
    return new Response(null, { headers: corsHeaders });
  }

  try {
    const { query } = await req.json();

    if (!query || typeof query !== "string") {
      return new Response(JSON.stringify({ error: "Query is required" }), {
        status: 400,
        headers: { ...corsHeaders, "Content-Type": "application/json" },
      });
    }

    console.log("Searching oddkit for:", query);

    const response = await fetch(ODDKIT_URL, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "oddkit_search",
          arguments: { input: query, limit: 5, include: ["canon", "docs", "journals", "essays", "apocrypha"] },
        },
      }),
    });

    const data = await response.json();
    const parsed = JSON.parse(data.result.content[0].text);
    const hits = parsed.result.data || [];

    const results = hits.map((hit: any) => ({
      title: hit.title,
      uri: hit.uri,
      score: hit.score,
      excerpt: hit.snippet,
    }));

    return new Response(JSON.stringify({ results }), {
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  } catch (error) {
    console.error("Error in search-docs function:", error);
    return new Response(JSON.stringify({ error: error instanceof Error ? error.message : "Unknown error" }), {
      status: 500,
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  }
});
