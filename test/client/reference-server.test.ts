/**
 * The typed client against the project's reference server (bundled sample
 * corpus), in memory and over real HTTP on 127.0.0.1: every action passes the
 * client's fail-closed validation, pagination walks the whole catalog exactly
 * once, the consumer label reaches the server, and a legacy-shaped server is
 * refused rather than half-read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient, type OddkitClient, OddkitContractViolationError } from "../../src/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

let server: ReferenceServer;
const clients: OddkitClient[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await createReferenceServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(closers.map((close) => close()));
  await server.close();
});

async function exercise(client: OddkitClient) {
  const catalog = await client.catalog({ disclosure: ["blockquote"], limit: 50 });
  expect(catalog.data).toHaveLength(50);
  expect(catalog.total).toBeGreaterThan(50);
  expect(catalog.filters_applied).toEqual({ include: ["canon", "docs", "essays"] });

  const uris: string[] = [];
  for await (const entry of client.paginate("catalog", {})) uris.push(entry.uri);
  expect(uris).toHaveLength(catalog.total);
  expect(new Set(uris).size).toBe(uris.length);

  const first = catalog.data[0]!;
  const doc = await client.get({ uri: first.uri });
  expect(doc.data.title).toBe(first.title);
  expect(doc.data.body.length).toBeGreaterThan(0);

  const resolved = await client.resolve({ uri: first.uri, disclosure: ["metadata"] });
  expect(resolved.data.uri).toMatch(/^klappy:\/\//);

  const hits = await client.search({ query: "contract", disclosure: ["metadata"], limit: 10 });
  expect(hits.data.length).toBeGreaterThan(0);
  expect(hits.data.every((h) => typeof h.score === "number" && typeof h.snippet === "string")).toBe(true);

  const publicEssays = await client.catalog({
    audience: "public",
    exposure: "public",
    disclosure: ["metadata"],
  });
  expect(publicEssays.data.length).toBeGreaterThan(0);
  for (const e of publicEssays.data)
    expect(e.metadata).toMatchObject({ audience: "public", exposure: "public" });

  const bundle = await client.preflight({ task: "write an essay", disclosure: ["summary"] });
  expect(bundle.data.length).toBeGreaterThan(0);

  const version = await client.version();
  expect(version.knowledge_base_revision).toMatch(/^[0-9a-f]{16,}$/);
  return { catalog, version };
}

describe("against the reference server in memory", () => {
  it("answers every action within the contract", async () => {
    const client = createOddkitClient({ server, consumer: "client-tests" });
    clients.push(client);
    const { catalog, version } = await exercise(client);
    expect(catalog.meta.revision).toBe(version.knowledge_base_revision);
    expect(server.consumers.get("client-tests")).toBeGreaterThan(0);
    expect(await client.serverInfo()).toEqual({ name: server.name, version: server.version });
  });
});

describe("against the reference server over HTTP (listen on port 0)", () => {
  it("answers every action within the contract, with the consumer label on the URL", async () => {
    const listening = await server.listen({ port: 0 });
    closers.push(listening.close);
    const client = createOddkitClient({ url: listening.url, consumer: "client-http-tests" });
    clients.push(client);
    await exercise(client);
    expect(server.consumers.get("client-http-tests")).toBeGreaterThan(0);
  });
});

describe("against the reference server's Web fetch handler (no socket)", () => {
  it("takes the handler as the client's fetch", async () => {
    const client = createOddkitClient({
      url: "http://embedded.invalid/mcp",
      fetch: (request) => server.fetch(request),
      cache: false,
    });
    clients.push(client);
    const page = await client.catalog({ disclosure: ["metadata"], limit: 5 });
    expect(page.data).toHaveLength(5);
  });
});

describe("deprecation window and legacy servers", () => {
  it("accepts the legacy fields beside the contract ones when include_legacy_envelope is passed", async () => {
    const window = await createReferenceServer({ mode: "window", corpus: server.corpus });
    closers.push(() => window.close());
    const client = createOddkitClient({ server: window, cache: false });
    clients.push(client);
    const page = await client.catalog({ include_legacy_envelope: true, sort_by: "path", limit: 5 });
    expect(page.data).toHaveLength(5);
    expect(page).toHaveProperty("articles");
  });

  it("refuses a legacy (pre-contract) server's answer instead of returning half a result", async () => {
    const legacy = await createReferenceServer({ mode: "legacy", corpus: server.corpus });
    closers.push(() => legacy.close());
    const client = createOddkitClient({ server: legacy, cache: false });
    clients.push(client);
    await expect(client.catalog()).rejects.toBeInstanceOf(OddkitContractViolationError);
  });
});
