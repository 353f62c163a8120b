/**
 * The official MCP SDK client against the built `oddkit-sdk mcp`, over stdio
 * (the client spawns the bin) and over Streamable HTTP on 127.0.0.1: the four
 * tools are listed with their input and output schemas and read-only
 * annotations, and migrate_file migrates a real-world corpus file (the
 * Lovable edge function get-article) under `decisions: "recommended"`.
 * Needs `npm run build` (npm test runs it first).
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrateFileResult } from "../../codemods/mcp/index.js";
import { MIGRATION_TOOL_NAMES } from "../../codemods/mcp/server.js";
import { BIN, type RunningHttp, startHttp } from "./bin.js";
import { CORPUS, callTool, ROOT } from "./support.js";

const GET_ARTICLE = "lovable-edge/supabase/functions/get-article/index.ts";
const text = readFileSync(join(CORPUS, GET_ARTICLE), "utf8");

let http: RunningHttp;
beforeAll(async () => {
  http = await startHttp();
}, 60_000);
afterAll(() => http.stop());

const transports: [string, () => Transport][] = [
  [
    "stdio",
    () =>
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp"],
        cwd: ROOT,
        stderr: "ignore",
      }),
  ],
  ["Streamable HTTP", () => new StreamableHTTPClientTransport(new URL(http.url))],
];

describe.each(transports)("the SDK client over %s", (_, transport) => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "oddkit-sdk-test", version: "0.0.0" });
    await client.connect(transport());
  }, 60_000);
  afterAll(() => client.close());

  it("lists the four tools, each with input and output schemas, read-only", async () => {
    expect(client.getServerVersion()?.name).toBe("oddkit-sdk-migrate");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...MIGRATION_TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: false,
      });
      expect(tool.description, tool.name).toMatch(/Bounds: at most 200 files/);
    }
    const file = tools.find((t) => t.name === "migrate_file")!;
    expect(file.inputSchema.required).toEqual(["path", "text"]);
    expect(Object.keys(file.outputSchema?.properties ?? {})).toEqual(
      expect.arrayContaining(["text", "markers", "openSites", "noNewErrors"]),
    );
  });

  it("migrates a real-world corpus file with migrate_file", async () => {
    const result = await callTool<MigrateFileResult>(client, "migrate_file", {
      path: "supabase/functions/get-article/index.ts",
      text,
      decisions: "recommended",
    });
    expect(result).toMatchObject({ status: "fully-migrated", changed: true, markers: [] });
    expect(result.noNewErrors.verdict).toBe("passed");
    expect(result.text).toContain('params: { name: "oddkit_get", arguments: {');
    expect(result.text).not.toContain("include_legacy_envelope");
  }, 60_000);
});

describe("the HTTP front", () => {
  it("answers only /mcp, and refuses a Host that is not the loopback (DNS rebinding)", async () => {
    const other = new URL(http.url);
    other.pathname = "/other";
    expect((await fetch(other)).status).toBe(404);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        http.url,
        { method: "POST", headers: { ...headers, Host: "evil.example:80" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });
});
