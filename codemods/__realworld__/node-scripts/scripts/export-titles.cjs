#!/usr/bin/env node
// Dumps every document's URI and title as TSV (used by the editors' spreadsheet).
// Usage: node scripts/export-titles.cjs > titles.tsv
const axios = require("axios");

const ODDKIT_URL = process.env.ODDKIT_URL || "https://oddkit.klappy.dev/mcp";

async function fetchPage(offset) {
  const { data } = await axios.post(
    ODDKIT_URL,
    {
      jsonrpc: "2.0",
      id: offset,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "path", limit: 500, offset } },
    },
    { headers: { "Content-Type": "application/json" } },
  );
  return JSON.parse(data.result.content[0].text).result;
}

async function main() {
  let offset = 0;
  let page;
  do {
    page = await fetchPage(offset);
    for (const article of page.articles) {
      console.log(`${article.uri}\t${article.title}`);
    }
    offset += page.pagination.limit;
  } while (page.pagination.has_more);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
