/**
 * The edge proxy in front of a reference server (its Web `fetch` handler as
 * the upstream): MCP clients work through it unchanged, tool results come
 * out byte-for-byte as the server sends them, identical retrieval calls are
 * served from the cache, errors never are, and the consumer label reaches
 * the server.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import {
  createOddkitProxy,
  type FetchHandler,
  jsonRpcMessageFor,
  PROXY_CACHE_HEADER,
} from "../../src/shim/proxy.js";
import { cacheKeyOf, canonicalJson } from "../../src/shim/proxy-cache.js";
import { fixtureCorpus } from "./harness.js";

const UPSTREAM = "http://upstream.test/mcp";
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function server(jsonResponse = false): Promise<ReferenceServer> {
  const s = await createReferenceServer({ corpus: await fixtureCorpus(), mode: "window", jsonResponse });
  open.push(s);
  return s;
}

/** An MCP client whose HTTP goes to `handler` (the proxy, or the server directly). */
async function client(handler: FetchHandler, url: string, seen?: Response[]): Promise<Client> {
  const c = new Client({ name: "proxy-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await handler(new Request(input, init));
      seen?.push(response);
      return response;
    },
  });
  await c.connect(transport);
  open.push(c);
  return c;
}

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;
/** server_time, duration and the nudge vary per call; the rest must be byte-equal. */
const stable = (t: string) =>
  t
    .replace(/"server_time": "[^"]+"/, "")
    .replace(/"duration_ms": [\d.]+/, "")
    .replace(/\\n\\nTip: label[^"]*/, "");

describe("createOddkitProxy", () => {
  for (const jsonResponse of [false, true]) {
    it(`passes ${jsonResponse ? "JSON" : "SSE"} tool results through byte-for-byte`, async () => {
      const s = await server(jsonResponse);
      const proxy = createOddkitProxy({ upstream: UPSTREAM, fetch: (r) => s.fetch(r), cache: false });
      const seen: Response[] = [];
      const viaProxy = await client(proxy, "http://edge.test/api/oddkit", seen);
      const direct = await client((r) => s.fetch(r), "http://upstream.test/mcp");
      const calls: [string, Record<string, unknown>][] = [
        ["oddkit_catalog", { disclosure: ["blockquote"], include: ["canon", "journals"], limit: 5 }],
        ["oddkit_search", { input: "caching", disclosure: ["metadata"], include_legacy_envelope: true }],
        ["oddkit_get", { input: "klappy://docs/getting-started" }],
        ["oddkit_catalog", { disclosure: ["body"] }],
      ];
      for (const [name, args] of calls) {
        const a = await viaProxy.callTool({ name, arguments: args });
        const b = await direct.callTool({ name, arguments: args });
        expect(stable(text(a)), name).toBe(stable(text(b)));
        expect(a.isError, name).toBe(b.isError);
      }
      // the window opt-in reached the server untouched
      const search = JSON.parse(
        text(await viaProxy.callTool({ name: "oddkit_search", arguments: calls[1]![1] })),
      );
      expect(search.result.hits).toBeDefined();
      const types = seen.map((r) => r.headers.get("content-type") ?? "");
      expect(types.some((t) => t.includes(jsonResponse ? "application/json" : "text/event-stream"))).toBe(
        true,
      );
    });
  }

  it("never rewrites a payload: the caller receives the upstream's bytes", async () => {
    const s = await server();
    const upstreamBodies: Promise<string>[] = [];
    const proxy = createOddkitProxy({
      upstream: UPSTREAM,
      cache: false,
      fetch: async (r) => {
        const response = await s.fetch(r);
        if (r.method === "POST") upstreamBodies.push(response.clone().text());
        return response;
      },
    });
    const seen: Response[] = [];
    const c = await client(async (r) => {
      const response = await proxy(r);
      if (r.method === "POST") seen.push(response.clone());
      return response;
    }, "http://edge.test/api/oddkit");
    await c.callTool({
      name: "oddkit_search",
      arguments: { input: "caching", include_legacy_envelope: true },
    });
    await c.callTool({ name: "oddkit_get", arguments: { input: "klappy://docs/getting-started" } });
    const received = await Promise.all(seen.map((r) => r.text()));
    const sent = await Promise.all(upstreamBodies);
    expect(received.length).toBeGreaterThanOrEqual(3); // initialize, initialized, two tool calls
    expect(received).toEqual(sent);
  });

  it("passes the session header both ways and adds the consumer label", async () => {
    const s = await server();
    const forwarded: Request[] = [];
    const proxy = createOddkitProxy({
      upstream: UPSTREAM,
      consumer: "doc-listing",
      fetch: (r) => {
        forwarded.push(r.clone());
        return s.fetch(r);
      },
    });
    const seen: Response[] = [];
    const c = await client(proxy, "http://edge.test/api/oddkit", seen);
    await c.callTool({ name: "oddkit_catalog", arguments: { limit: 1 } });
    const sessionId = seen[0]!.headers.get("mcp-session-id");
    expect(sessionId).toBeTruthy();
    expect(forwarded.at(-1)!.headers.get("mcp-session-id")).toBe(sessionId);
    expect(new URL(forwarded.at(-1)!.url).searchParams.get("consumer")).toBe("doc-listing");
    expect(s.consumers.get("doc-listing")).toBeGreaterThan(0);
  });

  it("answers identical retrieval calls from the cache, never errors", async () => {
    const s = await server();
    let toolCalls = 0;
    // The cache copy is read after the stream ends: the test waits for the store's writes (events),
    // never for a clock.
    const entries = new Map<string, unknown>();
    const writes: string[] = [];
    let wrote: () => void = () => {};
    const nextWrite = () => new Promise<void>((resolve) => (wrote = resolve));
    const store = {
      get: (key: string) => entries.get(key),
      set: (key: string, value: unknown) => {
        entries.set(key, value);
        writes.push(key);
        wrote();
      },
    };
    const proxy = createOddkitProxy({
      upstream: UPSTREAM,
      cache: { store },
      fetch: async (r) => {
        if ((await r.clone().text()).includes('"tools/call"')) toolCalls++;
        return s.fetch(r);
      },
    });
    const seen: Response[] = [];
    const c = await client(proxy, "http://edge.test/api/oddkit", seen);
    const args = { disclosure: ["metadata"], limit: 3, include: ["docs"] };
    let stored = nextWrite();
    const first = await c.callTool({ name: "oddkit_catalog", arguments: args });
    await stored;
    const second = await c.callTool({
      name: "oddkit_catalog",
      arguments: { include: ["docs"], limit: 3, disclosure: ["metadata"] },
    });
    expect(text(second)).toBe(text(first)); // the same bytes, server_time included: it is a replay
    expect(toolCalls).toBe(1);
    expect(seen.at(-1)!.headers.get(PROXY_CACHE_HEADER)).toBe("hit");

    const refused = { disclosure: ["body"] };
    await c.callTool({ name: "oddkit_catalog", arguments: refused });
    // A later cacheable call's write comes after the refused call's copy was read: by then an
    // (erroneously) cached error would be in the store.
    stored = nextWrite();
    await c.callTool({ name: "oddkit_catalog", arguments: { limit: 2 } });
    await stored;
    expect(writes).toHaveLength(2);
    const again = await c.callTool({ name: "oddkit_catalog", arguments: refused });
    expect(again.isError).toBe(true);
    expect(toolCalls).toBe(4); // the error went upstream both times (plus the one cacheable call)
  });

  it("keys the cache by tool and canonical arguments, retrieval tools only", () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 0 }], a: 1 })).toBe('{"a":1,"b":[2,{"c":0,"d":1}]}');
    expect(cacheKeyOf("oddkit_search", { input: "x", limit: 2 })).toBe(
      cacheKeyOf("oddkit_search", { limit: 2, input: "x" }),
    );
    expect(cacheKeyOf("oddkit_search", { input: "x" })).not.toBe(cacheKeyOf("oddkit_get", { input: "x" }));
    expect(cacheKeyOf("oddkit", { action: "orient", input: "x" })).toBeNull();
    expect(cacheKeyOf("oddkit", { action: "get", input: "x" })).not.toBeNull();
    expect(cacheKeyOf("oddkit_version", {})).toBeNull();
  });

  it("finds the answer to a request in an SSE stream", () => {
    const sse =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\nevent: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"content":[]}}\n\n';
    expect(jsonRpcMessageFor(sse, "text/event-stream", 7)).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: { content: [] },
    });
    expect(jsonRpcMessageFor(sse, "text/event-stream", 8)).toBeUndefined();
  });

  it("refuses an upstream that is not a URL", () => {
    expect(() => createOddkitProxy({ upstream: "oddkit" })).toThrow(/absolute URL/);
  });
});
