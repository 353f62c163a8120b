/**
 * The reference server under oversized and malformed requests (issue 14,
 * items 9, 10, 14): query length and term bounds, deep nesting, malformed
 * `tools/call` params, request bodies over 4 MiB, a 50 MB document's snippet.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_BOUNDS, UNIFIED_TOOL, validateRequest } from "../../src/contract/index.js";
import { corpusFromFiles } from "../../src/corpus/index.js";
import { MAX_REQUEST_BODY_BYTES } from "../../src/server/http.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { callParams } from "../../src/server/mcp.js";
import { querySnippet, SNIPPET_FULL_TEXT_MAX_CHARS } from "../../src/server/snippet.js";
import { resultOf } from "../server/helpers.js";

let server: ReferenceServer;
let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  server = await createReferenceServer({ jsonResponse: true });
  const listening = await server.listen();
  url = listening.url;
  close = () => listening.close();
});
afterAll(async () => {
  await close();
  await server.close();
});

const search = async (args: Record<string, unknown>) =>
  resultOf(await server.callTool(UNIFIED_TOOL, { action: "search", ...args }));

describe("query bounds (item 9)", () => {
  const { maxInputChars, maxQueryTerms } = REQUEST_BOUNDS;

  it("a query over the length bound is INVALID_PARAMS naming the bound; one at the bound is answered", async () => {
    const long = await search({ input: "x".repeat(maxInputChars + 1) });
    expect(long).toMatchObject({ status: "ERROR", error_code: "INVALID_PARAMS" });
    expect(String(long.error_message)).toContain(`at most ${maxInputChars} (maxInputChars)`);
    const atBound = await search({
      input: "caching "
        .repeat(maxInputChars / 8)
        .trim()
        .slice(0, maxInputChars),
    });
    expect(atBound.error_code).toBe("INVALID_PARAMS"); // 250 terms: refused for the term bound, not the length
    expect(String(atBound.error_message)).toContain("maxQueryTerms");
    const ok = await search({ input: `caching${" ".repeat(maxInputChars - 7)}` });
    expect(ok.status).not.toBe("ERROR");
  });

  it("a query over the term bound is INVALID_PARAMS naming it; at the bound it is answered", async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
    const over = await search({ input: words(maxQueryTerms + 1) });
    expect(over).toMatchObject({ status: "ERROR", error_code: "INVALID_PARAMS" });
    expect(String(over.error_message)).toContain(
      `too many terms: ${maxQueryTerms + 1}, at most ${maxQueryTerms}`,
    );
    expect((await search({ input: words(maxQueryTerms) })).status).not.toBe("ERROR");
    // Punctuation does not hide terms from the count.
    expect((await search({ input: "a-".repeat(maxQueryTerms + 1) })).error_code).toBe("INVALID_PARAMS");
  });

  it("a 1 MB query is refused, not run (the server stays up)", async () => {
    const huge = await search({ input: "lorem ipsum ".repeat(90_000) });
    expect(huge.error_code).toBe("INVALID_PARAMS");
    expect((await search({ input: "cache" })).status).toBe("FOUND");
  });

  it("legacy mode keeps the same bounds (its 0.28 error shape)", async () => {
    const legacy = await createReferenceServer({ mode: "legacy" });
    try {
      const answer = await legacy.callTool("oddkit_search", { input: "lorem ipsum ".repeat(90_000) });
      expect(answer.isError).toBe(true);
      expect(answer.content[0]?.text).toContain("(maxInputChars)");
      const deep = await legacy.callTool("oddkit_search", { input: "q", tags: [[[[[[[[[["x"]]]]]]]]]] });
      expect(deep.content[0]?.text).toContain("(maxParamDepth)");
      const ok = await legacy.callTool("oddkit_search", { input: "cache" });
      expect(ok.isError).toBeFalsy();
    } finally {
      await legacy.close();
    }
  });

  it("preflight's task text has the same bounds", async () => {
    const r = resultOf(
      await server.callTool(UNIFIED_TOOL, { action: "preflight", input: "t ".repeat(maxQueryTerms + 1) }),
    );
    expect(r.error_code).toBe("INVALID_PARAMS");
  });
});

describe("deep nesting (item 14)", () => {
  const nested = (depth: number, leaf: unknown = "x") => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  it("validateRequest answers INVALID_PARAMS naming the bound, for a filter nested 10,000 levels", () => {
    for (const param of ["tags", "audience", "include", "path_prefix"]) {
      const r = validateRequest("search", { input: "q", [param]: nested(10_000) });
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error).toMatchObject({ error_code: "INVALID_PARAMS" });
      expect(r.error.error_message).toContain("maxParamDepth");
      expect(JSON.stringify(r.error)).toContain(param);
    }
    let obj: Record<string, unknown> = {};
    const root = obj;
    for (let i = 0; i < 10_000; i++) {
      obj.a = {};
      obj = obj.a as Record<string, unknown>;
    }
    const r = validateRequest("catalog", { tags: root });
    expect(r.ok).toBe(false);
  });

  it("the server answers it as a contract error, not -32603", async () => {
    const r = await search({ input: "q", tags: nested(10_000) });
    expect(r).toMatchObject({ status: "ERROR", error_code: "INVALID_PARAMS" });
  });
});

interface RpcReply {
  error: { code: number; message: string };
  result: { content: { type: string }[] };
}

/** One JSON-RPC exchange over HTTP (JSON responses). */
async function rpc(
  body: unknown,
  session?: string,
): Promise<{ status: number; json: RpcReply; session: string | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-06-18",
      ...(session ? { "Mcp-Session-Id": session } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    session: response.headers.get("mcp-session-id"),
  };
}

describe("malformed tools/call params (item 14)", () => {
  let session: string;
  beforeAll(async () => {
    const init = await rpc({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "probe", version: "1" },
      },
    });
    session = init.session as string;
    await rpc({ jsonrpc: "2.0", method: "notifications/initialized" }, session);
  });

  for (const [what, params, expected] of [
    [
      "no name",
      { arguments: {} },
      /params\.name must be a tool name string \(got nothing\); one of: .*oddkit_search/,
    ],
    ["a numeric name", { name: 5 }, /params\.name must be a tool name string \(got number\)/],
    [
      "string arguments",
      { name: "oddkit_search", arguments: "cache" },
      /params\.arguments must be an object .*got string/,
    ],
    ["array arguments", { name: "oddkit_search", arguments: [1] }, /got an array/],
  ] as const) {
    it(`${what}: -32602 with a sentence, no validation dump`, async () => {
      const { json } = await rpc({ jsonrpc: "2.0", id: 7, method: "tools/call", params }, session);
      expect(json.error.code).toBe(-32602);
      expect(json.error.message).toMatch(expected);
      expect(json.error.message).not.toContain('"code"');
      expect(json.error.message).not.toContain("expected");
    });
  }

  it("no params at all: -32602 saying what to send, no validation dump", async () => {
    const { json } = await rpc({ jsonrpc: "2.0", id: 9, method: "tools/call" }, session);
    expect(json.error.code).toBe(-32602);
    expect(json.error.message).toMatch(
      /tools\/call params must be an object \{ name, arguments \}; name one of: .*oddkit_search/,
    );
    expect(json.error.message).not.toContain("expected");
  });

  it("params that are not an object (possible in-process) get the same kind of sentence", () => {
    expect(() => callParams("oddkit_search", server.tools)).toThrow(/tools\/call params must be an object/);
  });

  it("well-formed params still work", async () => {
    const { json } = await rpc(
      {
        jsonrpc: "2.0",
        id: 8,
        method: "tools/call",
        params: { name: "oddkit_search", arguments: { input: "cache" } },
      },
      session,
    );
    expect(json.result.content[0]?.type).toBe("text");
  });
});

/** POST through node:http so the body can be streamed and Content-Length set by hand. */
function rawPost(
  headers: Record<string, string>,
  write: (req: ReturnType<typeof httpRequest>) => Promise<number>,
): Promise<{ status: number; body: string; written: number }> {
  return new Promise((resolvePromise, reject) => {
    const target = new URL(url);
    let written = 0;
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => resolvePromise({ status: res.statusCode ?? 0, body, written }));
      },
    );
    req.on("error", (error) => {
      // The server closed the connection after its 413: the response may already be in.
      if (written > 0) return;
      reject(error);
    });
    write(req).then(
      (n) => {
        written = n;
      },
      () => undefined,
    );
  });
}

describe("request body limit (item 10)", () => {
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
  };

  it("a declared Content-Length over 4 MiB is refused before the body is sent", async () => {
    const r = await rawPost({ ...headers, "Content-Length": String(100 * 1024 * 1024) }, async (req) => {
      req.write("{");
      return 1; // the rest of the 100 MB is never sent: the 413 must come anyway
    });
    expect(r.status).toBe(413);
    expect(r.body).toContain(`at most ${MAX_REQUEST_BODY_BYTES} bytes`);
  });

  it("a chunked body is read only up to the limit, then refused", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = 64 * 1024 * 1024;
    let sent = 0;
    const r = await rawPost({ ...headers, "Transfer-Encoding": "chunked" }, async (req) => {
      // Write with backpressure until the server stops reading (the socket closes) or 64 MiB are sent.
      let closed = false;
      let wake: () => void = () => undefined;
      req.once("close", () => {
        closed = true;
        wake();
      });
      while (sent < total && !closed) {
        const ok = req.write(chunk);
        sent += chunk.length;
        if (!ok) {
          await new Promise<void>((r) => {
            wake = r;
            req.once("drain", r);
          });
          req.removeAllListeners("drain");
        }
      }
      if (!req.destroyed) req.end();
      return sent;
    });
    expect(r.status).toBe(413);
    // The server stopped reading near the limit: far less than the 64 MiB offered went out.
    expect(sent).toBeLessThan(total / 2);
  });
});

describe("a 50 MB document (item 14)", () => {
  it("its snippet is cut from a window around the first match, at the right place", () => {
    const filler = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ";
    const body = `# Big\n\n${filler.repeat(Math.ceil((50 * 1024 * 1024) / filler.length))}The **zeppelin** moored at dawn. ${filler}`;
    expect(body.length).toBeGreaterThan(SNIPPET_FULL_TEXT_MAX_CHARS);
    const corpus = corpusFromFiles([{ path: "docs/big.md", text: `---\naudience: public\n---\n${body}` }]);
    const doc = corpus.documents[0]!;
    const snippet = querySnippet(doc, ["zeppelin"]);
    expect(snippet).toContain("The zeppelin moored at dawn.");
    expect(snippet.length).toBeLessThanOrEqual(200);
    // A term matched only in the title: the start of the body.
    expect(querySnippet(doc, ["big"])).toMatch(/^Lorem ipsum/);
  });
});
