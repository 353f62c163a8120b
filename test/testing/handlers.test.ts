/**
 * The msw handlers as a user would use them: msw intercepts the fetch of the
 * code under test and an embedded reference server answers, optionally with
 * injected faults that the oddkit client must refuse.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createOddkitClient,
  getEssaysIndex,
  OddkitContractViolationError,
  OddkitTransportError,
} from "../../src/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { createOddkitHandlers, type Fault, faults } from "../../src/testing/index.js";

const CORPUS = new URL("../fixtures/corpora/odd-frontmatter", import.meta.url).pathname;
const URL_ = "https://oddkit.test/mcp";

const msw = setupServer();
const cleanups: (() => Promise<void>)[] = [];
let reference: ReferenceServer;

beforeAll(async () => {
  reference = await createReferenceServer({ corpus: CORPUS });
  msw.listen({ onUnhandledRequest: "error" });
});
afterEach(async () => {
  msw.resetHandlers();
  await Promise.all(cleanups.splice(0).map((close) => close()));
});
afterAll(async () => {
  msw.close();
  await reference.close();
});

function use(faultList: Fault[] = []) {
  const handlers = createOddkitHandlers({ url: URL_, server: reference, faults: faultList });
  msw.use(...handlers);
  return handlers;
}

/** Faults seen by each retrieval call (the client's oddkit_version probes are left out). */
const retrievalFaults = (handlers: ReturnType<typeof use>) =>
  handlers.calls.filter((c) => c.action !== null).map((c) => c.faults);

async function rpc(body: unknown, session?: string): Promise<Response> {
  return fetch(`${URL_}?consumer=raw-test`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(session ? { "Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-06-18" } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The JSON-RPC message of a response, whether the server framed it as JSON or as an event stream. */
async function message(response: Response): Promise<{ result: { content: { text: string }[] } }> {
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").find((l) => l.startsWith("data:"));
  return JSON.parse(data!.slice(5));
}

async function rawCatalog(
  format: "sse" | "json",
  mode: "contract" | "legacy" = "contract",
  args: Record<string, unknown> = { limit: 2, disclosure: ["blockquote"] },
) {
  const handlers = createOddkitHandlers({ url: URL_, corpus: CORPUS, responseFormat: format, mode });
  msw.use(...handlers);
  cleanups.push(() => handlers.close());
  const init = await rpc({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
  const session = init.headers.get("mcp-session-id")!;
  await init.text();
  await rpc({ jsonrpc: "2.0", method: "notifications/initialized" }, session);
  const call = await rpc(
    {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: args },
    },
    session,
  );
  return { call, envelope: JSON.parse((await message(call)).result.content[0]!.text) };
}

describe("createOddkitHandlers answers MCP over msw", () => {
  it("serves a raw fetch JSON-RPC caller that parses the data: lines of the event stream", async () => {
    const { call, envelope } = await rawCatalog("sse");
    expect(call.headers.get("content-type")).toContain("text/event-stream");
    expect(envelope.result).toMatchObject({ status: "FOUND", limit: 2, disclosure_applied: ["blockquote"] });
    expect(envelope.result.data).toHaveLength(2);
  });

  it("answers with plain JSON bodies when asked to", async () => {
    const { call, envelope } = await rawCatalog("json");
    expect(call.headers.get("content-type")).toContain("application/json");
    expect(envelope.result.status).toBe("FOUND");
  });

  it("stands in for a legacy (0.28.x) server for code not migrated yet", async () => {
    const { envelope } = await rawCatalog("sse", "legacy", { sort_by: "path", limit: 3 });
    expect(envelope.action).toBe("catalog");
    expect(envelope.result).toHaveProperty("categories");
    expect(envelope.result.articles).toHaveLength(3);
    expect(envelope.result.articles[0]).toHaveProperty("metadata");
    expect(envelope.result).not.toHaveProperty("disclosure_applied");
  });

  it("serves the oddkit client over HTTP exactly as the embedded server does in memory", async () => {
    const handlers = use();
    const overHttp = createOddkitClient({ url: URL_, consumer: "msw-test", countTokens: false });
    const inMemory = createOddkitClient({ server: reference, countTokens: false });
    const { meta: _a, ...viaMsw } = await getEssaysIndex(overHttp);
    const { meta: _b, ...direct } = await getEssaysIndex(inMemory);
    expect(viaMsw).toEqual(direct);
    expect(handlers.calls.filter((c) => c.action).map((c) => [c.tool, c.action, c.faults])).toEqual([
      ["oddkit_catalog", "catalog", []],
    ]);
    await Promise.all([overHttp.close(), inMemory.close()]);
  });
});

describe("ToolCall.action", () => {
  it("is the retrieval action of the call, and null for any other tool or unified-tool action", async () => {
    const handlers = use();
    const sent: [string, Record<string, unknown>][] = [
      ["oddkit", { action: "catalog" }],
      ["oddkit", { action: "orient" }],
      ["oddkit_get", { input: "klappy://x" }],
      ["oddkit_version", {}],
      ["oddkit_orient", {}],
    ];
    for (const [name, args] of sent) {
      await (
        await rpc({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } })
      ).text();
    }
    expect(handlers.calls.map((c) => [c.tool, c.action])).toEqual([
      ["oddkit", "catalog"],
      ["oddkit", null],
      ["oddkit_get", "get"],
      ["oddkit_version", null],
      ["oddkit_orient", null],
    ]);
  });
});

describe("faults make the client fail closed", () => {
  async function catalogFailure(fault: Fault, options: { maxResponseBytes?: number } = {}) {
    const handlers = use([fault]);
    const client = createOddkitClient({ url: URL_, countTokens: false, retry: false, ...options });
    const error = await client.catalog({ audience: "public", disclosure: ["blockquote"] }).then(
      () => null,
      (e: unknown) => e,
    );
    await client.close();
    expect(handlers.calls.at(-1)?.faults).toEqual([fault.name]);
    return error;
  }

  const contractCases: [string, Fault, RegExp][] = [
    ["notJson", faults.notJson(), /not JSON/],
    ["extraField", faults.extraField({ field: "internal_notes" }), /internal_notes/],
    ["bodyOnCatalog", faults.bodyOnCatalog(), /body/],
    ["missingFloor", faults.missingFloor({ field: "title" }), /title/],
    ["wrongEcho filters", faults.wrongEcho({ echo: "filters" }), /filters_applied/],
    ["wrongEcho disclosure", faults.wrongEcho({ echo: "disclosure" }), /disclosure_applied/],
    ["shortTotal", faults.shortTotal(), /total/],
  ];

  it.each(contractCases)("%s → OddkitContractViolationError", async (_name, fault, reason) => {
    const error = await catalogFailure(fault);
    expect(error).toBeInstanceOf(OddkitContractViolationError);
    expect((error as OddkitContractViolationError).message).toMatch(reason);
  });

  it("oversized → refused by size, before parsing", async () => {
    const error = await catalogFailure(faults.oversized({ bytes: 50_000 }), { maxResponseBytes: 20_000 });
    expect(error).toBeInstanceOf(OddkitContractViolationError);
    expect((error as OddkitContractViolationError).violations[0]?.check).toBe("size");
  });

  it("httpStatus → OddkitTransportError with the status", async () => {
    const error = await catalogFailure(faults.httpStatus(502));
    expect(error).toBeInstanceOf(OddkitTransportError);
    expect((error as OddkitTransportError).status).toBe(502);
  });

  it("retryAfter: the client waits and retries once, then succeeds", async () => {
    const handlers = use([faults.retryAfter(1)]);
    const client = createOddkitClient({ url: URL_, countTokens: false });
    const started = Date.now();
    const result = await client.catalog({ limit: 1 });
    expect(result.status).toBe("FOUND");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(retrievalFaults(handlers)).toEqual([["retryAfter(1)"], []]);
    await client.close();
  });

  it("targets only the actions and the number of calls asked for", async () => {
    const handlers = use([faults.notJson({ actions: "search", times: 1 })]);
    const client = createOddkitClient({ url: URL_, countTokens: false, retry: false });
    await expect(client.catalog({ limit: 1 })).resolves.toMatchObject({ status: "FOUND" });
    await expect(client.search({ query: "essay", limit: 1 })).rejects.toBeInstanceOf(
      OddkitContractViolationError,
    );
    await expect(client.search({ query: "essay", limit: 1 })).resolves.toBeDefined();
    expect(retrievalFaults(handlers)).toEqual([[], ["notJson"], []]);
    await client.close();
  });
});
