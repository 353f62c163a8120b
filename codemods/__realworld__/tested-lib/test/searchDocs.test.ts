// Run with `tsx test/searchDocs.test.ts` (CI runs every test/*.test.ts this way).
import assert from "node:assert/strict";
import { searchDocs } from "../src/searchDocs";

/** A fetch that answers like the oddkit server would, without the network. */
function fakeOddkit(envelope: unknown): typeof fetch {
  return (async () =>
    new Response(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        result: { content: [{ type: "text", text: JSON.stringify(envelope) }] },
      }),
      { headers: { "content-type": "application/json" } },
    )) as typeof fetch;
}

const found = {
  action: "search",
  result: {
    status: "FOUND",
    hits: [
      { uri: "klappy://canon/a", path: "canon/a.md", title: "A", tags: [], score: 3.5, snippet: "a", source: "canon" },
      { uri: "klappy://canon/b", path: "canon/b.md", title: "B", tags: [], score: 1.25, snippet: "b", source: "canon" },
    ],
    evidence: [],
    docs_considered: 12,
  },
  server_time: "2026-05-01T00:00:00.000Z",
  assistant_text: "",
};

const results = await searchDocs("anything", { fetch: fakeOddkit(found) });
assert.deepEqual(results, [
  { uri: "klappy://canon/a", title: "A", score: 3.5 },
  { uri: "klappy://canon/b", title: "B", score: 1.25 },
]);
console.log("ok - searchDocs maps every hit");

const none = { action: "search", result: { status: "NO_MATCH", docs_considered: 12, hits: [] } };
assert.deepEqual(await searchDocs("nothing", { fetch: fakeOddkit(none) }), []);
console.log("ok - searchDocs answers [] on no match");
