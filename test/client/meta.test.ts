/**
 * Token accounting: every result carries meta (bytes, cl100k tokens, cached,
 * revalidated, durationMs, emulated), and onEvent receives the same meta.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { byteLength } from "../../src/bytes.js";
import { CLIENT_VERSION } from "../../src/client/index.js";
import { type ClientEvent, createOddkitClient, type OddkitClient } from "../../src/index.js";
import { cl100kTokens as countTokens } from "../../src/tokens.js";
import { FakeServer, makeDocs } from "./fake-server.js";

const clients: OddkitClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

describe("result meta", () => {
  it("measures the tool result text: UTF-8 bytes and cl100k tokens", async () => {
    const server = new FakeServer({ docs: makeDocs(4), revision: null });
    server.docs[0]!.title = "Ünïcødé — title ✓";
    const events: ClientEvent[] = [];
    const client = createOddkitClient({ server, countTokens, onEvent: (e) => events.push(e) });
    clients.push(client);
    const page = await client.catalog({ disclosure: ["metadata"] });
    // The same answer, asked of the fake directly: the text the client measured.
    const text = (
      server.answer("oddkit_catalog", { disclosure: ["metadata"] }).content[0] as { text: string }
    ).text;
    expect(page.meta.bytes).toBe(byteLength(text));
    expect(page.meta.bytes).toBeGreaterThan(text.length); // multi-byte characters counted as bytes
    expect(page.meta.tokens).toBe(await countTokens(text));
    expect(page.meta).toMatchObject({ cached: false, revalidated: false, emulated: false });
    expect(page.meta.durationMs).toBeGreaterThanOrEqual(0);
    expect(events).toEqual([
      { type: "call", action: "catalog", params: { disclosure: ["metadata"] }, meta: page.meta },
    ]);

    const again = await client.catalog({ disclosure: ["metadata"] });
    expect(events[1]).toEqual({
      type: "cache-hit",
      action: "catalog",
      params: { disclosure: ["metadata"] },
      meta: again.meta,
    });
    expect(again.meta.tokens).toBe(page.meta.tokens);
  });

  it("countTokens: false gives null tokens; a custom counter is used as given", async () => {
    const server = new FakeServer({ revision: null });
    const off = createOddkitClient({ server, countTokens: false });
    const custom = createOddkitClient({ server, countTokens: (text) => text.length });
    clients.push(off, custom);
    expect((await off.catalog()).meta.tokens).toBeNull();
    const page = await custom.catalog();
    expect(page.meta.tokens).toBe(page.meta.bytes); // ASCII answer: one "token" per character
  });

  it("reports errors to onEvent too, and a throwing onEvent never breaks a call", async () => {
    const server = new FakeServer({ revision: null });
    const events: ClientEvent[] = [];
    const client = createOddkitClient({
      server,
      onEvent: (e) => {
        events.push(e);
        throw new Error("telemetry is down");
      },
    });
    clients.push(client);
    await expect(client.catalog()).resolves.toBeDefined();
    await expect(client.get({ uri: "klappy://missing" })).rejects.toThrow(/NOT_FOUND/);
    expect(events.map((e) => e.type)).toEqual(["call", "error"]);
  });

  it("callTool passes any tool through untouched, with meta", async () => {
    const server = new FakeServer();
    const client = createOddkitClient({ server });
    clients.push(client);
    const answer = await client.callTool("oddkit_version");
    expect(answer.isError).toBe(false);
    expect(answer.envelope).toMatchObject({ result: { server_version: "fake-1.0.0" } });
    expect(answer.meta.bytes).toBeGreaterThan(0);
  });
});

describe("options are checked when the client is created", () => {
  it("needs exactly one of url or server, a valid URL and sane numbers", () => {
    const server = new FakeServer();
    expect(() => createOddkitClient({} as never)).toThrow(/exactly one of `url`/);
    expect(() => createOddkitClient({ url: "http://x/mcp", server })).toThrow(/exactly one of `url`/);
    expect(() => createOddkitClient({ url: "not a url" })).toThrow(/not an absolute URL/);
    expect(() => createOddkitClient({ url: "ftp://x/mcp" })).toThrow(/http\(s\)/);
    expect(() => createOddkitClient({ server, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => createOddkitClient({ server, maxResponseBytes: -1 })).toThrow(/maxResponseBytes/);
    expect(() => createOddkitClient({ server, consumer: " " })).toThrow(/consumer/);
    expect(() => createOddkitClient({ server, retry: { limit: -1 } })).toThrow(/retry.limit/);
    expect(() => createOddkitClient({ server, cache: { ttlMs: { catalog: -5 } } })).toThrow(/ttlMs.catalog/);
  });

  it("sends the package version as clientInfo.version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(CLIENT_VERSION).toBe(pkg.version);
  });
});
