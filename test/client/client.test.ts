import { afterEach, describe, expect, it } from "vitest";
import { createOddkitClient, type OddkitClient } from "../../src/index.js";
import { FakeServer, makeDocs } from "./fake-server.js";

const clients: OddkitClient[] = [];
function track(client: OddkitClient): OddkitClient {
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

describe("createOddkitClient against an embedded server", () => {
  it("maps friendly names to the wire input and returns validated results with meta", async () => {
    const server = new FakeServer({ docs: makeDocs(5) });
    const client = track(createOddkitClient({ server, cache: false }));
    const page = await client.catalog({ disclosure: ["blockquote"], limit: 2 });
    expect(page.data.map((e) => e.uri)).toEqual(["klappy://docs/doc-0001", "klappy://docs/doc-0002"]);
    expect(page.data[0]?.blockquote).toBe("What document 0001 is about.");
    expect(page.total).toBe(5);
    expect(page.meta).toMatchObject({ cached: false, revalidated: false, emulated: false });
    expect(page.meta.bytes).toBeGreaterThan(100);
    expect(page.meta.tokens).toBeNull(); // token counting is opt-in (oddkit-sdk/tokens)

    const doc = await client.get({ uri: "klappy://docs/doc-0003" });
    expect(doc.data.body).toContain("Body of document 0003");
    expect(server.calls.at(-1)).toEqual({ name: "oddkit_get", args: { input: "klappy://docs/doc-0003" } });

    const hits = await client.search({ query: "document 0004" });
    expect(hits.data.map((e) => e.uri)).toEqual(["klappy://docs/doc-0004"]);
    expect(server.calls.at(-1)?.args).toEqual({ input: "document 0004" });
  });

  it("connects lazily and reuses one session", async () => {
    const server = new FakeServer();
    let connections = 0;
    const counting = {
      connectInMemory: () => {
        connections++;
        return server.connectInMemory();
      },
    };
    const client = track(createOddkitClient({ server: counting, cache: false }));
    expect(connections).toBe(0);
    await client.catalog();
    await client.catalog({ offset: 1 });
    await client.get({ uri: "klappy://docs/doc-0001" });
    expect(connections).toBe(1);
  });
});
