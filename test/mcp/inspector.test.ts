/**
 * The MCP Inspector's CLI mode (`mcp-inspector --cli`, @modelcontextprotocol/inspector
 * 0.15.0: the last release whose package runs on Node 20, the later ones
 * declare Node ≥ 22) against the built `oddkit-sdk mcp`, over stdio and over
 * Streamable HTTP: tools/list shows the four tools with their schemas, and
 * tools/call runs migrate_file on a real-world corpus file. Needs `npm run build`.
 */

import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_TOOL_NAMES } from "../../codemods/mcp/server.js";
import { BIN, type RunningHttp, startHttp } from "./bin.js";
import { CORPUS, ROOT } from "./support.js";

const INSPECTOR = join(ROOT, "node_modules/@modelcontextprotocol/inspector/cli/build/cli.js");
const GET_ARTICLE = "lovable-edge/supabase/functions/get-article/index.ts";
const text = readFileSync(join(CORPUS, GET_ARTICLE), "utf8");

function inspector(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [INSPECTOR, "--cli", ...args],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let http: RunningHttp;
beforeAll(async () => {
  http = await startHttp();
}, 60_000);
afterAll(() => http.stop());

const targets: [string, () => string[]][] = [
  ["stdio", () => [process.execPath, BIN, "mcp"]],
  ["Streamable HTTP", () => [http.url]],
];

describe.each(targets)("the MCP Inspector CLI over %s", (_, target) => {
  it("tools/list shows the four tools with input and output schemas", async () => {
    const { code, stdout, stderr } = await inspector([...target(), "--method", "tools/list"]);
    expect(code, stderr).toBe(0);
    const { tools } = JSON.parse(stdout) as {
      tools: {
        name: string;
        inputSchema: { type: string };
        outputSchema?: { type: string };
        annotations?: { readOnlyHint?: boolean };
      }[];
    };
    expect(tools.map((t) => t.name)).toEqual([...MIGRATION_TOOL_NAMES]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
  }, 60_000);

  it("tools/call runs migrate_file on a corpus file", async () => {
    const { code, stdout, stderr } = await inspector([
      ...target(),
      "--method",
      "tools/call",
      "--tool-name",
      "migrate_file",
      "--tool-arg",
      "path=supabase/functions/get-article/index.ts",
      `text=${text}`,
      "decisions=recommended",
    ]);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout) as {
      isError?: boolean;
      structuredContent: { status: string; text: string };
    };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.status).toBe("fully-migrated");
    expect(result.structuredContent.text).toContain("doc.data.body");
  }, 60_000);
});
