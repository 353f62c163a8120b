import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createOddkitClient, type OddkitClient, OddkitTransportError } from "../../src/index.js";
import { FakeServer } from "./fake-server.js";

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

describe("createOddkitClient over Streamable HTTP", () => {
  it("sends headers and the consumer label, reuses one session", async () => {
    const server = new FakeServer();
    const client = createOddkitClient({
      url: "http://oddkit.test/mcp",
      fetch: server.fetch,
      headers: { authorization: "Bearer s3cret", "x-team": "docs" },
      consumer: "doc-listing",
      cache: false,
    });
    clients.push(client);
    await client.catalog();
    await client.get({ uri: "klappy://docs/doc-0001" });
    const posts = server.httpRequests.filter((r) => r.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(4); // initialize, initialized, 2 calls
    for (const r of posts) {
      expect(new URL(r.url).searchParams.get("consumer")).toBe("doc-listing");
      expect(r.headers.get("authorization")).toBe("Bearer s3cret");
      expect(r.headers.get("x-team")).toBe("docs");
    }
    const init = JSON.parse(await posts[0]!.text());
    expect(init.params.clientInfo.name).toBe("doc-listing");
    expect(server.sessionCount).toBe(1);
  });

  it("an unreachable server is a typed transport error, for calls and serverInfo alike", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 1));
      });
    });
    const client = createOddkitClient({ url: `http://127.0.0.1:${port}/mcp`, retry: false, cache: false });
    clients.push(client);
    await expect(client.catalog()).rejects.toBeInstanceOf(OddkitTransportError);
    await expect(client.serverInfo()).rejects.toBeInstanceOf(OddkitTransportError);
  });
});
