#!/usr/bin/env node
// CI check: every URI linked from the site must resolve, and superseded ones are reported.
//   node scripts/check-supersession.mjs klappy://canon/principles/disclosure-v1 ...
const ODDKIT_URL = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";

async function resolveUri(uri) {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_resolve", arguments: { input: uri } } }),
  });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result;
}

let failures = 0;
for (const uri of process.argv.slice(2)) {
  const r = await resolveUri(uri);
  if (r.status !== "FOUND") {
    console.log(`MISSING ${uri}`);
    failures++;
    continue;
  }
  if (r.supersession_chain.length > 0) {
    console.log(`SUPERSEDED ${uri} -> ${r.resolved.uri} (${r.resolved.title})`);
  } else {
    console.log(`ok ${uri}`);
  }
}
console.log(`${failures} missing`);
