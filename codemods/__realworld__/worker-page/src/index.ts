/**
 * help-center worker: serves the help page (plain HTML, no build step) and
 * relays its /mcp requests to oddkit so the browser never needs CORS.
 */
export interface Env {
  ODDKIT_URL: string;
}

const PAGE = /* html */ `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Help center</title>
  </head>
  <body>
    <input id="q" type="search" placeholder="Search the handbook" autofocus />
    <ol id="results"></ol>
    <script>
      const list = document.getElementById("results");
      document.getElementById("q").addEventListener("change", async (event) => {
        const res = await fetch("/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "tools/call",
            params: { name: "oddkit_search", arguments: { input: event.target.value } },
          }),
        });
        const rpc = await res.json();
        const envelope = JSON.parse(rpc.result.content[0].text);
        list.innerHTML = envelope.result.hits
          .map((h) => '<li><a href="/doc?uri=' + encodeURIComponent(h.uri) + '">' + h.title + "</a></li>")
          .join("");
      });
    </script>
  </body>
</html>`;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/mcp" && request.method === "POST") {
      return fetch(env.ODDKIT_URL, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: await request.text(),
      });
    }
    return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
  },
};
