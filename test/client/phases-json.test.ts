/**
 * The JSON path of the phase watcher (src/client/phases.ts) reads a reply
 * once: it parses it for the reply-id check and hands that parse to the
 * transport's `response.json()`, without re-encoding the body or parsing it
 * a second time. Replies are generated, so the path is judged on shapes the
 * code was not written for.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isPhaseFailure, watchPhases } from "../../src/client/phases.js";

const request = (id: string | number) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call" });

/** A JSON response whose body arrives in the given byte chunks. */
function jsonResponse(text: string, chunkSize: number): Response {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.slice(i, i + chunkSize));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "application/json" } });
}

afterEach(() => vi.restoreAllMocks());

describe("watchPhases on a JSON answer", () => {
  it("parses the reply once and never re-encodes it (generated replies, any chunking)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.integer()),
        fc.jsonValue(),
        fc.integer({ min: 1, max: 64 }),
        async (id, payload, chunkSize) => {
          const text = JSON.stringify({ jsonrpc: "2.0", id, result: { payload } });
          const watched = watchPhases(jsonResponse(text, chunkSize), request(id), 5_000, Date.now());
          const parse = vi.spyOn(JSON, "parse");
          const encode = vi.spyOn(TextEncoder.prototype, "encode");
          const message = await watched.json();
          const parsesOfReply = parse.mock.calls.filter(([t]) => t === text).length;
          const encodes = encode.mock.calls.length;
          parse.mockRestore();
          encode.mockRestore();
          expect(message).toEqual(JSON.parse(text));
          expect(parsesOfReply).toBe(1);
          expect(encodes).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("passes the bytes on unchanged to a text() reader", async () => {
    const text = JSON.stringify({ jsonrpc: "2.0", id: 7, result: { s: "héllo 😀 \u2028" } });
    const watched = watchPhases(jsonResponse(text, 3), request(7), 5_000, Date.now());
    expect(await watched.text()).toBe(text);
  });

  it("answers a reply for another id with the reply-id phase failure", async () => {
    const text = JSON.stringify({ jsonrpc: "2.0", id: 8, result: {} });
    const message = (await watchPhases(jsonResponse(text, 5), request(7), 5_000, Date.now()).json()) as {
      id: number;
      error: { data: unknown };
    };
    expect(message.id).toBe(7);
    expect(isPhaseFailure(message.error.data)).toBe(true);
    expect((message.error.data as { oddkit_phase: string }).oddkit_phase).toBe("reply-id");
  });

  it("rejects json() with a SyntaxError on a body that is not JSON, as Response does", async () => {
    const watched = watchPhases(jsonResponse("{not json", 2), request(1), 5_000, Date.now());
    await expect(watched.json()).rejects.toBeInstanceOf(SyntaxError);
  });

  it("refuses a second read of the body", async () => {
    const watched = watchPhases(
      jsonResponse('{"jsonrpc":"2.0","id":1,"result":{}}', 4),
      request(1),
      5_000,
      Date.now(),
    );
    await watched.json();
    await expect(watched.json()).rejects.toBeInstanceOf(TypeError);
  });
});
