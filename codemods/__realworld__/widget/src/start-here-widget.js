// "Start here" box on the partner landing pages: the reading list oddkit suggests for newcomers.
const ODDKIT = "https://oddkit.klappy.dev/mcp";

export async function renderStartHere(container) {
  const res = await fetch(ODDKIT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: {} },
    }),
  });
  const rpc = await res.json();
  const { result } = JSON.parse(rpc.result.content[0].text);
  const items = result.start_here.map((path) => `<li>${path.replace(/\.md$/, "").split("/").pop()}</li>`);
  container.innerHTML = `<ul class="start-here">${items.join("")}</ul>`;
}
