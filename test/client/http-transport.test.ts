/**
 * The client's own MCP pieces (mcp-client.ts, http-transport.ts) against
 * servers it did not write: the reference server over real HTTP in JSON mode
 * (SSE mode: reference-server.test.ts), and a third-party server built with
 * the MCP SDK's McpServer that pings the client in the middle of a call.
 * Plus what the SDK's transport did that ours must keep: same protocol
 * versions, redirects kept within the origin, a broken SSE stream failing its
 * call at once rather than after the whole budget.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  EmptyResultSchema,
  LATEST_PROTOCOL_VERSION as SDK_LATEST,
  SUPPORTED_PROTOCOL_VERSIONS as SDK_SUPPORTED,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "../../src/client/mcp-client.js";
import { createOddkitClient, type OddkitClient, OddkitError, OddkitTransportError } from "../../src/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { FakeServer } from "./fake-server.js";

const clients: OddkitClient[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});
const track = (c: OddkitClient) => {
  clients.push(c);
  return c;
};

describe("protocol versions", () => {
  it("are the MCP SDK's (update mcp-client.ts when the SDK's list moves)", () => {
    expect([...SUPPORTED_PROTOCOL_VERSIONS]).toEqual([...SDK_SUPPORTED]);
    expect(LATEST_PROTOCOL_VERSION).toBe(SDK_LATEST);
  });
});

describe("against the reference server answering JSON (not SSE) over real HTTP", () => {
  it("reads every action, and the session ends with DELETE on close", async () => {
    const server = await createReferenceServer({ jsonResponse: true });
    // server.close() also stops its listeners.
    closers.push(() => server.close());
    const listening = await server.listen({ port: 0 });
    const client = createOddkitClient({ url: listening.url, cache: false });
    const page = await client.catalog({ limit: 5 });
    expect(page.data).toHaveLength(5);
    const doc = await client.get({ uri: page.data[0]!.uri });
    expect(doc.data.body.length).toBeGreaterThan(0);
    expect((await client.search({ query: "contract", limit: 3 })).data.length).toBeGreaterThan(0);
    expect(await client.serverInfo()).toEqual({ name: server.name, version: server.version });
    await client.close();
    await expect(client.catalog()).rejects.toThrow(/closed/);
  });
});

/** A server written with the SDK's high-level McpServer: one tool that pings the client before answering. */
function thirdPartyServer() {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  let pings = 0;
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request.clone());
    const id = request.headers.get("mcp-session-id");
    let transport = id ? sessions.get(id) : undefined;
    if (!transport) {
      if (id) return new Response("unknown session", { status: 404 });
      const mcp = new McpServer({ name: "third-party", version: "9.9.9" });
      mcp.registerTool("echo", { description: "echo" }, async (extra) => {
        // A server request in the middle of the call, on the call's own SSE stream.
        await extra.sendRequest({ method: "ping" }, EmptyResultSchema);
        pings++;
        return { content: [{ type: "text", text: JSON.stringify({ echoed: true }) }] };
      });
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (sid) => {
          sessions.set(sid, created);
        },
      });
      await mcp.connect(created);
      transport = created;
    }
    return transport.handleRequest(request);
  };
  return { fetch, seen, pings: () => pings, sessions };
}

describe("against a third-party MCP server (the SDK's McpServer, SSE answers)", () => {
  it("handshakes, answers the server's ping mid-call, and reads the tool result", async () => {
    const server = thirdPartyServer();
    const client = track(createOddkitClient({ url: "http://third.test/mcp", fetch: server.fetch }));
    const answer = await client.callTool("echo", {});
    expect(answer.envelope).toEqual({ echoed: true });
    expect(server.pings()).toBe(1);
    expect(await client.serverInfo()).toEqual({ name: "third-party", version: "9.9.9" });
    // Every request after the handshake names the session and the negotiated protocol version.
    const later = server.seen.slice(1).filter((r) => r.method === "POST");
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) {
      expect(r.headers.get("mcp-session-id")).toBeTruthy();
      expect(r.headers.get("mcp-protocol-version")).toBe(LATEST_PROTOCOL_VERSION);
    }
  });

  it("an unknown tool's refusal reaches the caller as a typed error", async () => {
    const server = thirdPartyServer();
    const client = track(createOddkitClient({ url: "http://third.test/mcp", fetch: server.fetch }));
    // McpServer answers with an isError result whose text is prose, not an oddkit envelope.
    const error = await client.callTool("nope", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitError);
    expect((error as Error).message).toMatch(/nope/);
  });
});

describe("redirects stay within the endpoint's origin", () => {
  it("follows a same-origin 307 (keeping the POST and its headers)", async () => {
    const fake = new FakeServer();
    const fetch = async (request: Request): Promise<Response> => {
      if (new URL(request.url).pathname === "/old")
        return new Response(null, { status: 307, headers: { location: "/mcp" } });
      return fake.fetch(request);
    };
    const client = track(
      createOddkitClient({
        url: "http://oddkit.test/old",
        fetch,
        headers: { authorization: "Bearer t" },
        cache: false,
      }),
    );
    expect((await client.catalog()).data.length).toBe(3);
    expect(fake.httpRequests.every((r) => r.headers.get("authorization") === "Bearer t")).toBe(true);
  });

  it("refuses a cross-origin redirect, naming the target, and never calls the other host", async () => {
    const hosts: string[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      hosts.push(new URL(request.url).host);
      return new Response(null, { status: 307, headers: { location: "https://elsewhere.test/mcp" } });
    };
    const client = track(
      createOddkitClient({ url: "http://oddkit.test/mcp", fetch, retry: false, cache: false }),
    );
    const error = await client.catalog().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect(String((error as Error).message)).toMatch(
      /redirect to https:\/\/elsewhere\.test\/mcp not followed/,
    );
    expect(new Set(hosts)).toEqual(new Set(["oddkit.test"]));
  });
});

describe("a broken SSE stream", () => {
  it("fails its call at once with a transport error (not after the call budget)", async () => {
    const fake = new FakeServer();
    const fetch = async (request: Request): Promise<Response> => {
      const body = request.method === "POST" ? ((await request.clone().json()) as { method?: string }) : {};
      if (body.method !== "tools/call") return fake.fetch(request);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(": comment\n\n"));
          controller.error(new Error("connection reset"));
        },
      });
      return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
    };
    // A budget long enough that waiting it out would hang the test run (the vitest hang guard fails it).
    const client = track(
      createOddkitClient({
        url: "http://oddkit.test/mcp",
        fetch,
        retry: false,
        cache: false,
        timeoutMs: 3_600_000,
      }),
    );
    const error = await client.catalog().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect((error as Error).message).toMatch(/connection reset/);
  });
});
