/**
 * `oddkit-sdk serve` in-process: a real-world folder with odd frontmatter
 * served on a free port, load warnings on stderr, exactly one listening line
 * on stdout, and an official MCP client calling all five actions at every
 * flag combination with contract-compliant answers.
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { ACTION_SPECS, checkCompliance } from "../../src/contract/index.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { LEGACY_CATALOG_SUMMARY_FIELDS, LEGACY_TOOL_NAMES } from "../support/legacy-surface.js";
import { complianceContext, resultOf, subsets } from "./helpers.js";
import { serve } from "./serve-in-process.js";

const ODD = resolve("test/fixtures/corpora/odd-frontmatter");
const APOCRYPHA = resolve("test/fixtures/corpora/apocrypha-under-canon");

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: "serve-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

describe("oddkit-sdk serve", () => {
  it("serves a folder with odd frontmatter: warnings on stderr, one listening line, all five actions comply", async () => {
    const running = await serve(["--corpus", ODD, "--port", "0"]);
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(running.stdout).toEqual([`listening on ${running.url}`]);
    expect(running.stderr.some((line) => line.startsWith("warning: "))).toBe(true);
    const corpus = await loadCorpus(ODD);
    const context = complianceContext(corpus);
    const client = await connect(running.url);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(LEGACY_TOOL_NAMES);
      const catalog = resultOf(await client.callTool({ name: "oddkit_catalog", arguments: { limit: 500 } }));
      const uris = (catalog.data as { uri: string }[]).map((e) => e.uri);
      expect(uris.length).toBeGreaterThan(3);
      const calls: [string, Record<string, unknown>][] = [];
      for (const action of ["search", "catalog", "preflight"] as const) {
        for (const disclosure of subsets(ACTION_SPECS[action].permittedFlags)) {
          const input = action === "catalog" ? {} : { input: "principle rule handoff" };
          calls.push([action, { ...input, disclosure }]);
          calls.push([action, { ...input, disclosure, include: ["journals", "canon"], limit: 2, offset: 1 }]);
        }
      }
      for (const action of ["get", "resolve"] as const) {
        for (const disclosure of subsets(ACTION_SPECS[action].permittedFlags)) {
          for (const uri of uris.slice(0, 3)) calls.push([action, { input: uri, disclosure }]);
        }
      }
      for (const [action, params] of calls) {
        const response = await client.callTool({ name: `oddkit_${action}`, arguments: params });
        expect(
          checkCompliance({ action: action as never, params }, response, context),
          `${action} ${JSON.stringify(params)}`,
        ).toEqual([]);
        if (action === "get" || action === "resolve") expect(response.isError).toBeFalsy();
      }
    } finally {
      await client.close();
      expect(await running.stop()).toBe(0);
    }
  });

  it("--kind-map makes canon/apocrypha/ pages apocrypha (longest prefix wins)", async () => {
    const mapFile = join(tmpdir(), `kind-map-${process.pid}.json`);
    await writeFile(mapFile, JSON.stringify({ "canon/apocrypha/": "apocrypha" }));
    const running = await serve(["--corpus", APOCRYPHA, "--port", "0", "--kind-map", mapFile]);
    const client = await connect(running.url);
    try {
      const list = async (args: Record<string, unknown>) =>
        (
          resultOf(await client.callTool({ name: "oddkit_catalog", arguments: args })).data as {
            uri: string;
          }[]
        ).map((e) => e.uri);
      expect(await list({})).toEqual(["klappy://canon/principles/current-rule"]);
      expect(await list({ include: "apocrypha" })).toEqual([
        "klappy://apocrypha/top-level",
        "klappy://canon/apocrypha/lost-rule",
        "klappy://canon/apocrypha/old-gospel",
      ]);
    } finally {
      await client.close();
      await running.stop();
    }
  });

  it("--mode legacy with --server-version answers the legacy shape under that version", async () => {
    const running = await serve(["--corpus", APOCRYPHA, "--mode", "legacy", "--server-version", "0.28.7"]);
    const client = await connect(running.url);
    try {
      expect(client.getServerVersion()?.version).toBe("0.28.7");
      const result = resultOf(await client.callTool({ name: "oddkit_catalog", arguments: {} }));
      expect(Object.keys(result)).toEqual(LEGACY_CATALOG_SUMMARY_FIELDS);
    } finally {
      await client.close();
      await running.stop();
    }
  });

  it("rejects a bad port, mode or version with a usage error", async () => {
    for (const args of [
      ["--port", "http"],
      ["--mode", "fancy"],
      ["--server-version", "latest"],
    ]) {
      const stderr: string[] = [];
      const code = await main(["serve", ...args], {
        stdout: () => undefined,
        stderr: (t) => stderr.push(t),
        isTTY: false,
        cwd: process.cwd(),
      });
      expect(code, args.join(" ")).toBe(64);
      expect(stderr.join("")).toMatch(/error: option/);
    }
  });
});
