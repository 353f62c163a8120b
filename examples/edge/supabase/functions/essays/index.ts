// Supabase Edge Function (Deno): the public essays index of the site, one
// constrained catalog call instead of the whole corpus at full frontmatter.
// Deploy: supabase functions deploy essays (set ODDKIT_URL in the function's secrets).
import { createOddkitClient, getEssaysIndex, OddkitCallError } from "npm:oddkit-sdk";

// One client per isolate: its MCP session and its result cache are reused across requests.
const client = createOddkitClient({
  url: Deno.env.get("ODDKIT_URL") ?? "https://oddkit.klappy.dev/mcp",
  consumer: "klappy.dev-essays-index",
  // No countTokens: the tokenizer is opt-in (oddkit-sdk/tokens); meta.bytes still measures each answer.
});

Deno.serve(async (_request: Request) => {
  try {
    const essays = await getEssaysIndex(client);
    const body = essays.data.map((essay) => ({
      uri: essay.uri,
      title: essay.title,
      blockquote: essay.blockquote,
    }));
    return Response.json(
      { total: essays.total, essays: body, bytes: essays.meta.bytes },
      { headers: { "Cache-Control": "public, max-age=300" } },
    );
  } catch (error) {
    // Typed errors: a refused request, a server that broke the contract, a transport failure.
    const status = error instanceof OddkitCallError ? 502 : 500;
    return Response.json({ error: String(error) }, { status });
  }
});
