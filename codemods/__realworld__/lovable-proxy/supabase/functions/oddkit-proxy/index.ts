import { serve } from "https://deno.land/std@0.168.0/http/server.ts";

const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
};

const ODDKIT_URL = Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp";

// Forwards { tool, arguments } from the web app to oddkit and returns the parsed envelope.
serve(async (req) => {
  if (req.method === "OPTIONS") {
    return new Response(null, { headers: corsHeaders });
  }

  try {
    const { tool, arguments: args } = await req.json();

    const response = await fetch(`${ODDKIT_URL}?consumer=lovable-app`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: tool, arguments: args ?? {} },
      }),
    });

    const data = await response.json();
    const envelope = JSON.parse(data.result.content[0].text);

    return new Response(JSON.stringify(envelope), {
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  } catch (error) {
    console.error("oddkit-proxy error:", error);
    return new Response(JSON.stringify({ error: error instanceof Error ? error.message : "Unknown error" }), {
      status: 500,
      headers: { ...corsHeaders, "Content-Type": "application/json" },
    });
  }
});
