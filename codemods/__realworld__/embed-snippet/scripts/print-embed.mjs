#!/usr/bin/env node
// Prints the <script> tag partners paste into their site to show our latest essays.
// Usage: node scripts/print-embed.mjs [count]
const count = Number(process.argv[2] ?? 5);
const endpoint = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

const snippet = `<div id="klappy-essays"></div>
<script type="module">
  const res = await fetch(${JSON.stringify(endpoint)}, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "date", limit: ${count} } } }),
  });
  const { result } = JSON.parse((await res.json()).result.content[0].text);
  document.getElementById("klappy-essays").innerHTML = result.articles
    .map((a) => \`<a href="https://klappy.dev/\${a.path.replace(/\\.md$/, "")}">\${a.title}</a>\`)
    .join("<br>");
</script>`;

console.log(snippet);
