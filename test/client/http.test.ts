import { afterEach, describe, expect, it } from "vitest";
import { createOddkitClient, type OddkitClient } from "../../src/index.js";
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
});
