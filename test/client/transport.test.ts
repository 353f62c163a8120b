/**
 * HTTP behaviour, through msw intercepting the global fetch (the default a
 * user gets): retries with backoff for idempotent reads only, Retry-After
 * honoured, bounded attempts, per-attempt timeouts, typed transport errors
 * with secrets redacted, and one reconnect when the session has expired.
 */
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resolveRetry } from "../../src/client/http.js";
import {
  type ClientEvent,
  createOddkitClient,
  type OddkitClient,
  type OddkitClientOptions,
  OddkitTimeoutError,
  OddkitTransportError,
} from "../../src/index.js";
import { FakeServer } from "./fake-server.js";

const URL_ = "http://oddkit.test/mcp";
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
afterAll(() => msw.close());

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  msw.resetHandlers();
});

/** What a JSON-RPC POST body asks for: the method, and the tool name for tools/call. */
async function rpcOf(request: Request): Promise<{ method: string; tool?: string }> {
  if (request.method !== "POST") return { method: request.method };
  const body = (await request.clone().json()) as { method: string; params?: { name?: string } };
  return { method: body.method, tool: body.params?.name };
}

/**
 * Route /mcp to a FakeServer, letting `fault` answer first (undefined = no fault).
 * Returns the fake and the list of tools/call attempts seen on the wire.
 */
function serve(
  fault?: (
    rpc: { method: string; tool?: string },
    attempt: number,
  ) => Response | undefined | Promise<Response | undefined>,
) {
  const server = new FakeServer();
  const attempts: string[] = [];
  msw.use(
    http.all(URL_, async ({ request }) => {
      const rpc = await rpcOf(request);
      const label = rpc.tool ?? rpc.method;
      attempts.push(label);
      const n = attempts.filter((a) => a === label).length;
      const faulty = await fault?.(rpc, n);
      return faulty ?? server.fetch(request);
    }),
  );
  return { server, attempts, count: (label: string) => attempts.filter((a) => a === label).length };
}

function client(options: Partial<OddkitClientOptions> = {}): OddkitClient {
  const c = createOddkitClient({
    url: URL_,
    cache: false,
    countTokens: false,
    retry: { baseDelayMs: 5, jitter: false },
    ...options,
  });
  clients.push(c);
  return c;
}

describe("retries: idempotent reads only, bounded, Retry-After honoured", () => {
  it("retries a read answered 503, then succeeds; each retry is reported", async () => {
    const { count } = serve((rpc, n) =>
      rpc.tool === "oddkit_catalog" && n <= 2 ? new HttpResponse("busy", { status: 503 }) : undefined,
    );
    const events: ClientEvent[] = [];
    const c = client({ onEvent: (e) => events.push(e) });
    const page = await c.catalog();
    expect(page.status).toBe("FOUND");
    expect(count("oddkit_catalog")).toBe(3);
    expect(events.filter((e) => e.type === "retry")).toEqual([
      {
        type: "retry",
        action: "catalog",
        params: { tool: "oddkit_catalog", attempt: 1, reason: "HTTP 503" },
      },
      {
        type: "retry",
        action: "catalog",
        params: { tool: "oddkit_catalog", attempt: 2, reason: "HTTP 503" },
      },
    ]);
  });

  it("retries the session handshake too, so a read survives a transient 503 on its first call", async () => {
    const { count } = serve((rpc, n) =>
      rpc.method === "initialize" && n === 1 ? new HttpResponse("warming up", { status: 503 }) : undefined,
    );
    await expect(client().catalog()).resolves.toMatchObject({ status: "FOUND" });
    expect(count("initialize")).toBe(2);
  });

  it("honours Retry-After on 429", async () => {
    serve((rpc, n) =>
      rpc.tool === "oddkit_search" && n === 1
        ? new HttpResponse("slow down", { status: 429, headers: { "Retry-After": "0.3" } })
        : undefined,
    );
    const c = client();
    await c.catalog(); // connect first, so the timing below covers the retry only
    const started = Date.now();
    await c.search({ query: "document" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("gives up after the attempt limit with a typed transport error carrying the status", async () => {
    const { count } = serve((rpc) =>
      rpc.tool === "oddkit_get" ? new HttpResponse("down", { status: 502 }) : undefined,
    );
    const c = client({ retry: { limit: 3, baseDelayMs: 1, jitter: false } });
    const error = (await c
      .get({ uri: "klappy://docs/doc-0001" })
      .catch((e: unknown) => e)) as OddkitTransportError;
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect(error.status).toBe(502);
    expect(count("oddkit_get")).toBe(4);
  });

  it("never retries a 4xx other than 408/409/429", async () => {
    const { count } = serve((rpc) =>
      rpc.tool === "oddkit_catalog" ? new HttpResponse("bad", { status: 400 }) : undefined,
    );
    const error = (await client()
      .catalog()
      .catch((e: unknown) => e)) as OddkitTransportError;
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect(error.status).toBe(400);
    expect(count("oddkit_catalog")).toBe(1);
  });

  it("never retries a tool that is not a read (it could have side effects)", async () => {
    const { count } = serve((rpc) =>
      rpc.tool === "oddkit_encode" ? new HttpResponse("busy", { status: 503 }) : undefined,
    );
    await expect(client().callTool("oddkit_encode", { input: "x" })).rejects.toBeInstanceOf(
      OddkitTransportError,
    );
    expect(count("oddkit_encode")).toBe(1);
  });

  it("drops any 4xx outside 408/409/429 from a custom status list", () => {
    expect(resolveRetry({ statusCodes: [404, 400, 408, 429, 500] }).statusCodes).toEqual([408, 429, 500]);
    expect(resolveRetry(5).limit).toBe(5);
    expect(resolveRetry(false).limit).toBe(0);
  });

  it("retry: false sends each read once", async () => {
    const { count } = serve((rpc) =>
      rpc.tool === "oddkit_catalog" ? new HttpResponse("busy", { status: 503 }) : undefined,
    );
    await expect(client({ retry: false }).catalog()).rejects.toMatchObject({ status: 503 });
    expect(count("oddkit_catalog")).toBe(1);
  });
});

describe("timeouts", () => {
  it("a hung attempt times out after timeoutMs and is retried; then a typed timeout error", async () => {
    const { count } = serve(async (rpc) => {
      if (rpc.tool !== "oddkit_catalog") return undefined;
      // Never answers: only the client's timeout can end the call (no clock read by the test).
      await new Promise(() => undefined);
      return undefined;
    });
    const c = client({ timeoutMs: 150, retry: { limit: 1, baseDelayMs: 1, jitter: false } });
    const error = (await c.catalog().catch((e: unknown) => e)) as OddkitTimeoutError;
    expect(error).toBeInstanceOf(OddkitTimeoutError);
    expect(error.timeoutMs).toBe(150);
    expect(error.phase).toBe("headers");
    expect(count("oddkit_catalog")).toBe(2);
  });
});

describe("timeouts in memory", () => {
  it("a call the embedded server never answers fails with a typed timeout after timeoutMs", async () => {
    const fake = new FakeServer();
    const hanging = {
      async connectInMemory() {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const server = new Server({ name: "hangs", version: "1" }, { capabilities: { tools: {} } });
        server.setRequestHandler(CallToolRequestSchema, async (request) => {
          // Never answers: only the client's timeout can end the call (no clock read by the test).
          if (request.params.name === "oddkit_catalog") await new Promise(() => undefined);
          return fake.answer(request.params.name, request.params.arguments ?? {});
        });
        await server.connect(serverSide);
        return clientSide;
      },
    };
    const c = createOddkitClient({ server: hanging, timeoutMs: 100, cache: false });
    clients.push(c);
    const error = (await c.catalog().catch((e: unknown) => e)) as OddkitTimeoutError;
    expect(error).toBeInstanceOf(OddkitTimeoutError);
    expect(error.timeoutMs).toBe(100);
    await expect(c.get({ uri: "klappy://docs/doc-0001" })).resolves.toMatchObject({ status: "FOUND" });
  });
});

describe("cancellation", () => {
  it("an aborted signal rejects the call with the abort reason", async () => {
    serve(async (rpc) => {
      if (rpc.tool !== "oddkit_catalog") return undefined;
      await new Promise((r) => setTimeout(r, 1_000));
      return new HttpResponse("late", { status: 200 });
    });
    const c = client();
    await c.version(); // connected
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user navigated away")), 50);
    await expect(c.catalog({}, { signal: controller.signal })).rejects.toThrow("user navigated away");
  });
});

describe("errors carry the request with secrets redacted", () => {
  it("redacts authorization headers and keeps the endpoint and params", async () => {
    serve((rpc) => (rpc.tool === "oddkit_catalog" ? new HttpResponse("nope", { status: 403 }) : undefined));
    const c = client({ headers: { Authorization: "Bearer top-secret", "x-team": "docs" }, consumer: "site" });
    const error = (await c.catalog({ limit: 3 }).catch((e: unknown) => e)) as OddkitTransportError;
    expect(error.request).toMatchObject({
      tool: "oddkit_catalog",
      params: { limit: 3 },
      headers: { Authorization: "[redacted]", "x-team": "docs" },
    });
    expect(error.request?.endpoint).toBe("http://oddkit.test/mcp?consumer=site");
    expect(JSON.stringify(error.request)).not.toContain("top-secret");
  });

  it("redacts credentials and secret-looking query parameters in the endpoint", async () => {
    serve((rpc) => (rpc.tool === "oddkit_catalog" ? new HttpResponse("nope", { status: 403 }) : undefined));
    const c = client({ url: "http://user:pw@oddkit.test/mcp?api_key=k3y&team=docs" });
    const error = (await c.catalog().catch((e: unknown) => e)) as OddkitTransportError;
    expect(error.request?.endpoint).toBe("http://oddkit.test/mcp?api_key=%5Bredacted%5D&team=docs");
  });
});

describe("sessions", () => {
  it("reconnects once when the server answers 404 for an expired session", async () => {
    const { server, count } = serve();
    const c = client();
    await c.catalog();
    server.expireSessions();
    const page = await c.catalog({ offset: 1 });
    expect(page.offset).toBe(1);
    expect(count("initialize")).toBe(2);
    expect(server.sessionCount).toBe(1);
  });

  it("close() ends the session on the server (DELETE) and refuses later calls", async () => {
    const { attempts } = serve();
    const c = client();
    await c.catalog();
    await c.close();
    expect(attempts).toContain("DELETE");
    await expect(c.catalog()).rejects.toBeInstanceOf(OddkitTransportError);
  });
});
