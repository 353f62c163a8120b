// Cloudflare Worker: the public essays index and one essay page, served from
// the oddkit server with the typed client (no Node built-ins, no `new Function`).
import {
  createOddkitClient,
  getEssayPage,
  getEssaysIndex,
  OddkitCallError,
  type OddkitClient,
  OddkitNotFoundError,
} from "oddkit-sdk";

export interface Env {
  /** The oddkit MCP endpoint, e.g. https://oddkit.klappy.dev/mcp (a [vars] entry in wrangler.toml). */
  readonly ODDKIT_URL: string;
}

// Reused while the isolate lives: one MCP session, one result cache.
let client: OddkitClient | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    // No token counting asked for: the tokenizer (oddkit-sdk/tokens) is never bundled.
    client ??= createOddkitClient({ url: env.ODDKIT_URL, consumer: "klappy.dev-worker" });
    const { pathname, searchParams } = new URL(request.url);
    try {
      if (pathname === "/essays") {
        const essays = await getEssaysIndex(client);
        return Response.json(essays.data.map(({ uri, title, blockquote }) => ({ uri, title, blockquote })));
      }
      if (pathname === "/essay") {
        const uri = searchParams.get("uri");
        if (!uri) return new Response("pass ?uri=klappy://…", { status: 400 });
        const page = await getEssayPage(client, uri);
        return new Response(page.data.body, { headers: { "Content-Type": "text/markdown; charset=utf-8" } });
      }
      return new Response("not found", { status: 404 });
    } catch (error) {
      if (error instanceof OddkitNotFoundError) return new Response("no such essay", { status: 404 });
      return new Response(String(error), { status: error instanceof OddkitCallError ? 502 : 500 });
    }
  },
};
