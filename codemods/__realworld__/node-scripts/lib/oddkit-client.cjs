"use strict";

const axios = require("axios");

const client = axios.create({
  baseURL: process.env.ODDKIT_URL || "https://oddkit.klappy.dev/mcp",
  headers: { "Content-Type": "application/json", Accept: "application/json" },
});

let nextId = 1;

async function rpc(name, args) {
  const res = await client.post("", {
    jsonrpc: "2.0",
    id: nextId++,
    method: "tools/call",
    params: { name, arguments: args },
  });
  return JSON.parse(res.data.result.content[0].text);
}

/** Top search hits for a query. */
async function search(query) {
  const envelope = await rpc("oddkit_search", { input: query });
  return envelope.result.hits;
}

module.exports = { search };
