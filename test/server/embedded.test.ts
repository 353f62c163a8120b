/**
 * The direct embedded path (createEmbeddedServer: JSON-RPC straight to the
 * dispatcher, no MCP SDK server) answers exactly as the SDK-bound reference
 * server does, message for message, and a client over either path returns
 * the same results and the same typed errors. Only the clock differs
 * (`server_time`, `debug.duration_ms`, `debug.generated_at`, and so the
 * answer's byte count by a digit), and is taken out before comparing.
 */
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient } from "../../src/client/index.js";
import {
  createEmbeddedServer,
  type EmbeddedServer,
  SERVER_PROTOCOL_VERSIONS,
} from "../../src/server/embedded.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

type Json = Record<string, unknown>;

let reference: ReferenceServer;
let embedded: EmbeddedServer;

beforeAll(async () => {
  reference = await createReferenceServer();
  embedded = await createEmbeddedServer();
});
afterAll(async () => {
  await reference.close();
  await embedded.close();
});

/** The clock's fields out of an envelope (text or structured). */
function timeless(envelope: Json): Json {
  const out = { ...envelope };
  delete out.server_time;
  if (typeof out.debug === "object" && out.debug !== null) {
    const debug = { ...(out.debug as Json) };
    delete debug.duration_ms;
    delete debug.generated_at;
    out.debug = debug;
  }
  return out;
}

/** A JSON-RPC reply with the clock taken out of any tool result in it. */
function normalise(reply: Json): Json {
  const result = reply.result as Json | undefined;
  if (!result || !Array.isArray(result.content)) return reply;
  const content = (result.content as Json[]).map((item) =>
    item.type === "text" ? { ...item, text: timeless(JSON.parse(item.text as string) as Json) } : item,
  );
  const structured = result.structuredContent ? timeless(result.structuredContent as Json) : undefined;
  return {
    ...reply,
    result: { ...result, content, ...(structured ? { structuredContent: structured } : {}) },
  };
}

/**
 * Send messages one by one over a transport, waiting for the reply to each
 * well-formed request (`answered`), never on a clock. A message the SDK
 * answers nothing to (not a JSON-RPC request) is followed by the next one
 * without waiting; a closing `ping` then proves nothing arrived for it: every
 * reply received is returned, in order, and compared whole.
 */
async function exchange(
  server: { connectInMemory(): Promise<import("@modelcontextprotocol/sdk/shared/transport.js").Transport> },
  messages: readonly Sent[],
) {
  const transport = await server.connectInMemory();
  const replies: Json[] = [];
  const errors: string[] = [];
  const waiting = new Map<unknown, () => void>();
  transport.onmessage = (m) => {
    replies.push(m as Json);
    const id = (m as Json).id;
    waiting.get(id)?.();
    waiting.delete(id);
  };
  transport.onerror = (e) => errors.push(e.message.split(":")[0] ?? "");
  await transport.start();
  const closing: Sent = { message: { jsonrpc: "2.0", id: "last", method: "ping" }, answered: true };
  for (const { message, answered } of [...messages, closing]) {
    const replied = answered ? new Promise<void>((resolve) => waiting.set(message.id, resolve)) : null;
    await transport.send(message as never);
    if (replied) await replied;
  }
  await transport.close();
  return { replies: replies.map(normalise), errors };
}

interface Sent {
  readonly message: Json;
  /** A well-formed request: the SDK answers it. */
  readonly answered: boolean;
}

const call = (id: number, params: unknown) => ({ jsonrpc: "2.0", id, method: "tools/call", params });

const MESSAGES: Sent[] = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "ping" },
  { jsonrpc: "2.0", id: "two", method: "ping", params: { _meta: {} } },
  { jsonrpc: "2.0", id: 3, method: "tools/list" },
  call(4, { name: "oddkit_search", arguments: { input: "cache", limit: 3, disclosure: ["summary"] } }),
  call(5, {
    name: "oddkit_catalog",
    arguments: { limit: 20, include: ["canon", "docs", "essays", "journals"] },
  }),
  call(6, { name: "oddkit_get", arguments: { input: "klappy://writings/on-caching" } }),
  call(7, { name: "oddkit_get", arguments: { input: "klappy://nowhere/at-all" } }),
  call(8, { name: "oddkit_catalog", arguments: { limit: 900, disclosure: ["body"] } }),
  call(9, { name: "oddkit_search", arguments: { input: 5 } }),
  call(10, { name: "oddkit", arguments: { action: "resolve", input: "klappy://writings/on-caching" } }),
  call(11, { name: "no_such_tool", arguments: {} }),
  call(13, { arguments: {} }),
  call(14, { name: "oddkit_search", arguments: [1] }),
  call(17, { name: "oddkit_version" }),
  { jsonrpc: "2.0", id: 15, method: "resources/list" },
  {
    jsonrpc: "2.0",
    id: 16,
    method: "initialize",
    params: { protocolVersion: "1999-01-01", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  },
].map((message) => ({ message, answered: "id" in message }));

/** Messages that are no JSON-RPC request the SDK would take: answered by neither path. */
const MALFORMED: Sent[] = [
  call(12, "oddkit_search"),
  call(18, ["oddkit_search"]),
  { jsonrpc: "2.0", id: 19, method: "ping", params: { _meta: 5 } },
  { jsonrpc: "2.0", id: 1.5, method: "ping" },
  { jsonrpc: "2.0", id: null, method: "ping" },
  { jsonrpc: "1.0", id: 20, method: "ping" },
  { jsonrpc: "2.0", id: 21, method: "ping", extra: true },
  { jsonrpc: "2.0", id: 22, result: {} },
].map((message) => ({ message, answered: false }));

describe("the direct embedded path", () => {
  it("negotiates the same protocol versions as the SDK's Server", () => {
    expect([...SERVER_PROTOCOL_VERSIONS]).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
  });

  it("answers every JSON-RPC message exactly as the SDK-bound server", async () => {
    const viaSdk = await exchange(reference, MESSAGES);
    const direct = await exchange(embedded, MESSAGES);
    expect(direct.replies.length).toBe(MESSAGES.length - 1 + 1); // every request and the closing ping
    expect(direct).toEqual(viaSdk);
    // The calls above reached the dispatcher: results and refusals, not only errors.
    expect(direct.replies.filter((r) => "result" in r).length).toBeGreaterThan(8);
  });

  it("answers nothing to what is no JSON-RPC request, as the SDK-bound server, and goes on", async () => {
    // Each malformed message between two pings: only the pings are answered, on both paths.
    const ping = (id: string): Sent => ({ message: { jsonrpc: "2.0", id, method: "ping" }, answered: true });
    const sent = MALFORMED.flatMap((m, i) => [ping(`before-${i}`), m]);
    const viaSdk = await exchange(reference, sent);
    const direct = await exchange(embedded, sent);
    expect(direct.replies.map((r) => r.id)).toEqual([...MALFORMED.map((_, i) => `before-${i}`), "last"]);
    expect(direct).toEqual(viaSdk);
    expect(direct.errors).toEqual([]); // the SDK reports them on its server side only
  });

  it("gives a client the same results and the same typed errors", async () => {
    const a = createOddkitClient({ server: reference, consumer: "same" });
    const b = createOddkitClient({ server: embedded, consumer: "same" });
    const strip = (value: unknown) => {
      const { meta, ...rest } = value as Json;
      // The answer's text holds the clock (server_time, duration_ms), so its byte count may differ by a digit.
      const { durationMs: _, bytes: __, ...m } = meta as Json;
      return { ...rest, meta: m };
    };
    try {
      const calls: ((c: typeof a) => Promise<unknown>)[] = [
        (c) => c.search({ query: "cache", limit: 5 }),
        (c) => c.search({ query: "caching", disclosure: ["metadata"], limit: 2 }),
        (c) => c.catalog({ limit: 50, include: ["canon", "docs", "essays", "journals"] }),
        (c) => c.get({ uri: "klappy://writings/on-caching" }),
        (c) => c.get({ uri: "klappy://nowhere/at-all" }),
        (c) => c.resolve({ uri: "klappy://docs/old-guide" }),
      ];
      for (const run of calls) {
        const [x, y] = await Promise.all([run(a).then(strip, (e) => e), run(b).then(strip, (e) => e)]);
        if (x instanceof Error) {
          expect(y).toBeInstanceOf(x.constructor);
          expect((y as unknown as Error).message).toBe(x.message);
        } else {
          expect(y).toEqual(x);
        }
      }
      expect(embedded.consumers.get("same")).toBe(reference.consumers.get("same"));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
