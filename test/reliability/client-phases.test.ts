/**
 * The client against a server that fails in one phase of the exchange
 * (issue 14, item 13): no headers, a body that stalls after the headers, an
 * SSE stream cut mid-event, a reply with the wrong id (SSE and JSON). Each
 * fails with a typed error naming the phase, bounded by `timeoutMs` per phase
 * instead of the whole call budget (here 3 attempts + backoff ≈ 20 s: the
 * message names which bound ran out, so no clock is read by the test).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient, OddkitTimeoutError, OddkitTransportError } from "../../src/index.js";

type Scenario = "headers" | "body" | "trickle" | "sse-cut" | "reply-id" | "json-reply-id" | "sse-no-reply";

let server: Server;
let base: string;
const held: ServerResponse[] = [];
const trickles: ReturnType<typeof setInterval>[] = [];

function readJson(req: IncomingMessage): Promise<{ id?: number; method?: string }> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (c: Buffer) => {
      text += c.toString();
    });
    req.on("end", () => resolve(JSON.parse(text || "{}")));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const scenario = new URL(req.url ?? "/", "http://x").pathname.slice(1) as Scenario;
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const message = await readJson(req);
    if (message.method === "initialize") {
      res.writeHead(200, { "Content-Type": "application/json", "Mcp-Session-Id": "s1" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: message.id,
          result: {
            protocolVersion: "2025-06-18",
            capabilities: { tools: {} },
            serverInfo: { name: "oddkit", version: "0.30.0" },
          },
        }),
      );
      return;
    }
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const reply = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, result: { content: [] } });
    switch (scenario) {
      case "headers":
        held.push(res); // never answered
        return;
      case "body":
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.flushHeaders();
        held.push(res); // headers, then nothing
        return;
      case "trickle": {
        // Headers, then one byte every 50 ms for ever: never a stall, never an end.
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.flushHeaders();
        held.push(res);
        trickles.push(setInterval(() => res.write(":"), 50));
        return;
      }
      case "sse-cut":
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end(`event: message\ndata: ${reply(message.id).slice(0, 20)}`);
        return;
      case "reply-id":
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end(`event: message\ndata: ${reply(message.id + 100)}\n\n`);
        return;
      case "sse-no-reply":
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\n\n`);
        return;
      case "json-reply-id":
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(reply(message.id + 100));
        return;
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const timer of trickles) clearInterval(timer);
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

// A per-phase bound, a long call budget (3 attempts, up to 10 s backoff each): only the phase bound can end these calls
// early. The bound also covers the handshake that does answer, so it is generous: a busy machine must not trip it.
const PHASE_MS = 5_000;
const client = (scenario: Scenario) =>
  createOddkitClient({
    url: `${base}/${scenario}`,
    timeoutMs: PHASE_MS,
    retry: { limit: 2, retryOnTimeout: false },
    cache: false,
    countTokens: false,
  });

async function failure(scenario: Scenario): Promise<unknown> {
  const c = client(scenario);
  try {
    await c.search({ query: "cache" });
    return null;
  } catch (error) {
    return error;
  } finally {
    await c.close();
  }
}

describe("per-phase client timeouts", () => {
  it("no headers: OddkitTimeoutError, phase headers", async () => {
    const error = await failure("headers");
    expect(error).toBeInstanceOf(OddkitTimeoutError);
    expect((error as OddkitTimeoutError).phase).toBe("headers");
    expect((error as Error).message).toContain(`no response headers within ${PHASE_MS} ms (headers phase)`);
  });

  it("headers, then a stalled body: OddkitTimeoutError, phase body", async () => {
    const error = await failure("body");
    expect(error).toBeInstanceOf(OddkitTimeoutError);
    expect((error as OddkitTimeoutError).phase).toBe("body");
    // The attempt's bound (begun before the headers) ends the wait, not the call budget.
    expect((error as Error).message).toContain(`got no whole answer within ${PHASE_MS} ms (body phase)`);
  });

  // A trickle sends a byte every 50 ms; only the attempt's own bound can end it
  // before the call budget (3 attempts + up to 10 s of Retry-After each), and the message says which.
  it("headers, then a body that trickles for ever: ended by the attempt's timeout, not the call budget", async () => {
    const error = await failure("trickle");
    expect(error).toBeInstanceOf(OddkitTimeoutError);
    expect((error as OddkitTimeoutError).phase).toBe("body");
    expect((error as Error).message).toContain(`got no whole answer within ${PHASE_MS} ms (body phase)`);
    expect((error as Error).message).not.toContain("call budget");
  });

  it("an SSE stream cut mid-event: a transport error saying so", async () => {
    const error = await failure("sse-cut");
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect((error as Error).message).toContain("ended in the middle of an event (SSE phase)");
  });

  it("an SSE stream that ends without our reply", async () => {
    const error = await failure("sse-no-reply");
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect((error as Error).message).toContain("ended without a reply to the request (SSE phase)");
  });

  it("a reply with the wrong id (SSE and JSON): a transport error naming both ids", async () => {
    for (const scenario of ["reply-id", "json-reply-id"] as const) {
      const error = await failure(scenario);
      expect(error, scenario).toBeInstanceOf(OddkitTransportError);
      expect((error as Error).message).toMatch(
        /replied with id \d+, not the request's id \d+ \(reply phase\)/,
      );
    }
  });
});
