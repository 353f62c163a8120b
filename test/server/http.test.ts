/**
 * The Streamable HTTP face of the server: the fetch handler in-process (no
 * sockets), then the same routes behind node:http on a free port, and stdio.
 */
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Action, checkCompliance } from "../../src/contract/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { fixtureCorpus } from "./fixture-corpus.js";
import { complianceContext, envelopeOf } from "./helpers.js";

const BASE = "http://oddkit.test";
const JSON_AND_SSE = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/** One call per action, as the compliance check needs them. */
const CALLS: [string, Action, Record<string, unknown>][] = [
  ["oddkit_search", "search", { input: "caching", disclosure: ["blockquote", "metadata"] }],
  ["oddkit_catalog", "catalog", { audience: "public", exposure: "public", disclosure: ["blockquote"] }],
  ["oddkit_get", "get", { input: "klappy://writings/on-caching" }],
  ["oddkit_resolve", "resolve", { input: "klappy://docs/old-guide", disclosure: ["summary"] }],
  ["oddkit_preflight", "preflight", { input: "cache the catalog", disclosure: ["metadata"] }],
];

async function exerciseWithClient(server: ReferenceServer, client: Client) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain("oddkit_search");
  for (const [name, action, params] of CALLS) {
    const response = await client.callTool({ name, arguments: params });
    expect(checkCompliance({ action, params }, response, complianceContext(server.corpus)), name).toEqual([]);
  }
}

/** The JSON-RPC messages of an SSE body (`data:` lines). */
function sseMessages(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim())
    .filter(Boolean)
    .map((data) => JSON.parse(data));
}

describe("fetch handler (no sockets)", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ corpus: fixtureCorpus() });
  });
  afterAll(() => server.close());

  it("GET /health and GET /.well-known/mcp.json", async () => {
    const health = await server.fetch(new Request(`${BASE}/health`));
    expect(await health.json()).toEqual({
      ok: true,
      service: "oddkit",
      version: "0.30.0",
      endpoints: { mcp: "/mcp", health: "/health" },
    });
    const card = (await (await server.fetch(new Request(`${BASE}/.well-known/mcp.json`))).json()) as {
      mcpServers: Record<string, Record<string, unknown>>;
    };
    expect(card.mcpServers.oddkit).toMatchObject({
      url: `${BASE}/mcp`,
      name: "oddkit",
      version: "0.30.0",
      transport: "streamable-http",
      tools: server.tools.map((t) => t.name),
    });
    expect((await server.fetch(new Request(`${BASE}/nowhere`))).status).toBe(404);
  });

  it("CORS lets browsers send mcp-protocol-version and read mcp-session-id", async () => {
    const preflight = await server.fetch(
      new Request(`${BASE}/mcp`, { method: "OPTIONS", headers: { Origin: "https://site.example" } }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://site.example");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "mcp-protocol-version",
    );
    expect(preflight.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("mcp-session-id");
  });

  it("raw fetch: initialize, call over SSE with the session id, then 404 once the session is deleted", async () => {
    const init = await server.fetch(
      new Request(`${BASE}/mcp?consumer=raw-test`, {
        method: "POST",
        headers: JSON_AND_SSE,
        body: JSON.stringify(INITIALIZE),
      }),
    );
    expect(init.status).toBe(200);
    expect(init.headers.get("content-type")).toContain("text/event-stream");
    const sessionId = init.headers.get("mcp-session-id");
    expect(sessionId).toBeTruthy();
    await init.text();
    const headers = { ...JSON_AND_SSE, "Mcp-Session-Id": sessionId!, "Mcp-Protocol-Version": "2025-06-18" };
    await server.fetch(
      new Request(`${BASE}/mcp?consumer=raw-test`, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      }),
    );
    const call = await server.fetch(
      new Request(`${BASE}/mcp?consumer=raw-test`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "oddkit_version", arguments: {} },
        }),
      }),
    );
    const [message] = sseMessages(await call.text()) as { result: { content: { text: string }[] } }[];
    const envelope = envelopeOf(message!.result);
    expect(envelope.result).toMatchObject({ knowledge_base_revision: server.corpus.revision });
    expect(envelope.assistant_text).not.toMatch(/\?consumer=/);
    expect(server.consumers.get("raw-test")).toBe(1);

    const deleted = await server.fetch(new Request(`${BASE}/mcp`, { method: "DELETE", headers }));
    expect(deleted.status).toBe(200);
    const stale = await server.fetch(
      new Request(`${BASE}/mcp`, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
      }),
    );
    expect(stale.status).toBe(404);
  });

  it("an unknown session id answers 404", async () => {
    const response = await server.fetch(
      new Request(`${BASE}/mcp`, {
        method: "POST",
        headers: { ...JSON_AND_SSE, "Mcp-Session-Id": "no-such-session" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
    );
    expect(response.status).toBe(404);
  });

  it("the official client works through the handler as its fetch (SSE responses)", async () => {
    const client = new Client({ name: "sse-test", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
        fetch: (url, init) => server.fetch(new Request(url, init)),
      }),
    );
    await exerciseWithClient(server, client);
    await client.close();
  });

  it("JSON responses when the server is built with jsonResponse", async () => {
    const jsonServer = await createReferenceServer({ corpus: fixtureCorpus(), jsonResponse: true });
    const init = await jsonServer.fetch(
      new Request(`${BASE}/mcp`, { method: "POST", headers: JSON_AND_SSE, body: JSON.stringify(INITIALIZE) }),
    );
    expect(init.headers.get("content-type")).toContain("application/json");
    expect(await init.json()).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: { serverInfo: { name: "oddkit" } },
    });
    const client = new Client({ name: "json-test", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
        fetch: (url, init) => jsonServer.fetch(new Request(url, init)),
      }),
    );
    await exerciseWithClient(jsonServer, client);
    await client.close();
    await jsonServer.close();
  });
});

describe("listen on 127.0.0.1 with port 0", () => {
  it("serves every action to the official client over a real socket", async () => {
    const server = await createReferenceServer({ corpus: fixtureCorpus(), mode: "window" });
    const listening = await server.listen({ port: 0 });
    expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const health = await fetch(new URL("/health", listening.url));
    expect(health.status).toBe(200);
    const client = new Client({ name: "socket-test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${listening.url}?consumer=socket-test`)));
    await exerciseWithClient(server, client);
    expect(server.consumers.get("socket-test")).toBe(CALLS.length);
    await client.close();
    await server.close();
  });
});

describe("stdio", () => {
  it("answers initialize and tools/call as newline-delimited JSON-RPC", async () => {
    const server = await createReferenceServer({ corpus: fixtureCorpus(), mode: "legacy" });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const lines: unknown[] = [];
    let buffer = "";
    stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let nl = buffer.indexOf("\n");
      while (nl >= 0) {
        lines.push(JSON.parse(buffer.slice(0, nl)));
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf("\n");
      }
    });
    const stdio = await server.serveStdio({ stdin, stdout });
    // Waits on the output stream's data events, not on a clock (a busy machine may answer slowly).
    const waitFor = async (id: number) => {
      for (;;) {
        const found = lines.find((l) => (l as { id?: number }).id === id);
        if (found) return found as { result: Record<string, unknown> };
        await new Promise((r) => stdout.once("data", r));
      }
    };
    stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    expect((await waitFor(1)).result).toMatchObject({ serverInfo: { name: "oddkit", version: "0.28.1" } });
    stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "oddkit_catalog", arguments: {} } })}\n`,
    );
    const envelope = envelopeOf((await waitFor(2)).result);
    // public/landing.md lies outside the folders the 0.28.x index covers.
    expect(envelope.result).toMatchObject({ total: server.corpus.documents.length - 1, canon: 0 });
    await stdio.close();
    await server.close();
  });
});
