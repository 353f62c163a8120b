#!/usr/bin/env node
// Prints the top hits for a query: node scripts/top-hits.cjs "token budgets"
const { search } = require("../lib/oddkit-client.cjs");

(async () => {
  const query = process.argv.slice(2).join(" ") || "disclosure";
  const hits = await search(query);
  if (hits.length === 0) {
    console.log("No results.");
    return;
  }
  hits.forEach((hit, i) => {
    console.log(`${i + 1}. ${hit.title} (${hit.score.toFixed(2)})`);
    console.log(`   ${hit.uri}`);
  });
})();
