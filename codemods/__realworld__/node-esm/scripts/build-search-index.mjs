#!/usr/bin/env node
// Builds the static client-side search index (public/search-index.json) from oddkit's catalog.
// Run at build time: node scripts/build-search-index.mjs > public/search-index.json

const ODDKIT_URL = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

async function catalogPage(offset) {
  const res = await fetch(`${ODDKIT_URL}?consumer=build-search-index`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: offset + 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "path", limit: 200, offset, include_metadata: true } },
    }),
  });
  if (!res.ok) throw new Error(`oddkit catalog failed: HTTP ${res.status}`);
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text);
}

const entries = [];
let offset = 0;
for (;;) {
  const {
    result: { articles, pagination },
  } = await catalogPage(offset);
  for (const a of articles) {
    if (a.metadata.exposure !== "public") continue;
    entries.push({ uri: a.uri, title: a.title, tags: a.metadata.tags ?? [] });
  }
  if (!pagination.has_more) break;
  offset = pagination.offset + pagination.limit;
}

process.stdout.write(JSON.stringify({ generated: "build", count: entries.length, entries }) + "\n");
