// Runs under a real Deno (test/runtime/deno.test.ts copies it next to the
// esbuild bundle of the client entry and a copy of the documented Supabase
// function whose `npm:oddkit-sdk` import points at that bundle). Prints one
// JSON summary line on stdout for the test to assert on.
import { createOddkitClient, OddkitRequestError } from "./oddkit-sdk/index.js";

// The function calls Deno.serve at import time; capture its handler instead of
// opening a port, then call it as Supabase would with one request.
let handler;
Deno.serve = (h) => {
  handler = h;
  return { finished: Promise.resolve(), shutdown: async () => {} };
};
await import("./essays.ts");
if (typeof handler !== "function") throw new Error("the Supabase function did not call Deno.serve(handler)");
const response = await handler(new Request("http://127.0.0.1/functions/v1/essays"));
const example = {
  status: response.status,
  cacheControl: response.headers.get("Cache-Control"),
  body: await response.json(),
};

// The rest of the client surface, with token counting on (the lazy cl100k chunk).
const client = createOddkitClient({ url: Deno.env.get("ODDKIT_URL"), consumer: "deno-runtime-test" });
const hits = await client.search({ query: "contract", disclosure: ["metadata"], limit: 5 });
const first = hits.data[0];
if (!first) throw new Error("search for 'contract' found nothing on the reference server");
const doc = await client.get({ uri: first.uri });
let refused = null;
try {
  await client.catalog({ disclosure: ["body"] });
} catch (error) {
  refused =
    error instanceof OddkitRequestError
      ? { typed: true, code: error.code, sent: error.sent }
      : { typed: false, error: String(error) };
}
await client.close();

console.log(
  JSON.stringify({
    deno: Deno.version.deno,
    example,
    search: {
      count: hits.data.length,
      scores: hits.data.map((h) => h.score),
      snippets: hits.data.map((h) => h.snippet),
      tokens: hits.meta.tokens,
    },
    get: {
      uri: doc.data.uri,
      bodyLength: doc.data.body.length,
      contentHash: doc.data.content_hash,
      tokens: doc.meta.tokens,
      bytes: doc.meta.bytes,
    },
    refused,
  }),
);
// The function's own client is module-private and keeps its MCP session open, as it should in a
// long-lived isolate; end the isolate here the way the edge runtime would.
Deno.exit(0);
