/**
 * Every action in every mode on the bundled sample corpus, through the
 * official SDK client over the in-memory transport and over Streamable HTTP
 * (the fetch handler): contract answers comply, legacy answers have the
 * 0.28.x fields, and both transports answer the same results.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Action, checkCompliance } from "../../src/contract/index.js";
import { loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import type { Corpus } from "../../src/corpus/types.js";
import { createReferenceServer, type ReferenceServer, type ServerMode } from "../../src/server/index.js";
import { complianceContext, envelopeOf } from "./helpers.js";

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadCorpus(sampleCorpusDir());
});

const CONTRACT_CALLS: [Action, Record<string, unknown>][] = [
  ["search", { input: "edge cache", disclosure: ["blockquote", "metadata"] }],
  ["catalog", { audience: "public", exposure: "public", disclosure: ["blockquote"], limit: 100 }],
  [
    "catalog",
    { sort_by: "date", include: ["journals", "canon"], disclosure: ["metadata"], limit: 50, offset: 10 },
  ],
  ["preflight", { input: "migrate the catalog consumer", disclosure: ["summary"] }],
  ["get", { input: "klappy://writings/the-lean-catalog" }],
  ["resolve", { input: "klappy://writings/the-lean-catalog", disclosure: ["blockquote"] }],
];

const LEGACY_CALLS: [string, Record<string, unknown>, string[]][] = [
  ["oddkit_search", { input: "edge cache" }, ["status", "hits", "evidence", "docs_considered"]],
  [
    "oddkit_catalog",
    { sort_by: "path", limit: 500 },
    ["total", "canon", "baseline", "baseline_total", "categories", "start_here", "articles", "pagination"],
  ],
  ["oddkit_get", { input: "klappy://writings/the-lean-catalog" }, ["path", "content", "content_hash"]],
  [
    "oddkit_resolve",
    { input: "klappy://writings/the-lean-catalog" },
    ["status", "input_uri", "resolved", "supersession_chain"],
  ],
  [
    "oddkit_preflight",
    { input: "migrate the catalog consumer" },
    ["topic", "start_here", "dod", "constraints", "docs_available"],
  ],
];

describe.each(["contract", "window", "legacy"] as ServerMode[])("%s mode on the sample corpus", (mode) => {
  let server: ReferenceServer;
  const clients: [string, Client][] = [];
  beforeAll(async () => {
    server = await createReferenceServer({ corpus, mode });
    const memory = new Client({ name: "memory", version: "1" });
    await memory.connect(await server.connectInMemory({ consumer: "memory" }));
    const http = new Client({ name: "http", version: "1" });
    await http.connect(
      new StreamableHTTPClientTransport(new URL("http://sample.test/mcp?consumer=http"), {
        fetch: (url, init) => server.fetch(new Request(url, init)),
      }),
    );
    clients.push(["in-memory", memory], ["http", http]);
  });
  afterAll(async () => {
    for (const [, client] of clients) await client.close();
    await server.close();
  });

  it("answers every action alike over both transports", async () => {
    const calls =
      mode === "legacy"
        ? LEGACY_CALLS.map(([name, args]) => [name, args] as const)
        : CONTRACT_CALLS.map(([action, args]) => [`oddkit_${action}`, args] as const);
    for (const [name, args] of calls) {
      const [memory, http] = await Promise.all(clients.map(([, c]) => c.callTool({ name, arguments: args })));
      expect(envelopeOf(http).result, name).toEqual(envelopeOf(memory).result);
    }
  });

  if (mode === "legacy") {
    it("answers the 0.28.x fields of every retrieval action", async () => {
      const [, client] = clients[0]!;
      for (const [name, args, fields] of LEGACY_CALLS) {
        const result = envelopeOf(await client.callTool({ name, arguments: args })).result;
        expect(Object.keys(result), name).toEqual(fields);
      }
    });
  } else {
    it("answers every action in compliance with the contract, with and without the legacy opt-in", async () => {
      const [, client] = clients[0]!;
      const optIns = mode === "window" ? [false, true] : [false];
      for (const [action, base] of CONTRACT_CALLS) {
        for (const legacy of optIns) {
          const params = legacy ? { ...base, include_legacy_envelope: true } : base;
          const response = await client.callTool({ name: `oddkit_${action}`, arguments: params });
          expect(response.isError, `${action} ${JSON.stringify(params)}`).toBeFalsy();
          expect(checkCompliance({ action, params }, response, complianceContext(corpus))).toEqual([]);
        }
      }
    });
  }
});
