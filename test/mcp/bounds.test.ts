/**
 * The tools' bounds: an input over a size limit, a path that leaves its
 * folder and a folder outside the server's root are refused with an error
 * result that names the bound (or the rule) and what to do instead; nothing
 * is read or run for them.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MCP_MAX_FILE_BYTES,
  MCP_MAX_FILES,
  MCP_MAX_PATH_LENGTH,
  MCP_MAX_TOTAL_BYTES,
} from "../../codemods/mcp/index.js";
import { connectInMemory, refusalOf } from "./support.js";

const SMALL = "export const x = 1;\n";
let client: Client;
let rooted: Client;
let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "oddkit-mcp-bounds-"));
  await mkdir(join(base, "root/app"), { recursive: true });
  await mkdir(join(base, "outside"));
  await writeFile(join(base, "root/app/index.ts"), SMALL);
  await writeFile(join(base, "outside/secret.ts"), SMALL);
  await symlink(join(base, "outside"), join(base, "root/escape"), "dir");
  client = await connectInMemory();
  rooted = await connectInMemory({ root: join(base, "root") });
});
afterAll(async () => {
  await client.close();
  await rooted.close();
  await rm(base, { recursive: true, force: true });
});

describe("size limits", () => {
  it("a file over MCP_MAX_FILE_BYTES", async () => {
    const text = "x".repeat(MCP_MAX_FILE_BYTES + 1);
    expect(await refusalOf(client, "migrate_file", { path: "big.ts", text })).toBe(
      `McpInputError: big.ts: ${MCP_MAX_FILE_BYTES + 1} bytes, over MCP_MAX_FILE_BYTES (${MCP_MAX_FILE_BYTES}) per file (migrate's own per-file limit): a file that large is generated output; migrate it by hand`,
    );
  });

  it("bytes are counted in UTF-8, not characters", async () => {
    const text = "é".repeat(MCP_MAX_FILE_BYTES / 2 + 1);
    expect(await refusalOf(client, "migrate_check", { files: [{ path: "a.ts", text }] })).toMatch(
      /^McpInputError: a\.ts: \d+ bytes, over MCP_MAX_FILE_BYTES/,
    );
  });

  it("more files than MCP_MAX_FILES", async () => {
    const files = Array.from({ length: MCP_MAX_FILES + 1 }, (_, i) => ({ path: `f${i}.ts`, text: SMALL }));
    expect(await refusalOf(client, "migrate_check", { files })).toMatch(
      new RegExp(
        `^McpInputError: files: ${MCP_MAX_FILES + 1} files, over MCP_MAX_FILES \\(${MCP_MAX_FILES}\\) per call: send the app's folder in parts`,
      ),
    );
  });

  it("more bytes in all than MCP_MAX_TOTAL_BYTES", async () => {
    const each = Math.floor(MCP_MAX_TOTAL_BYTES / 4) + 1;
    const files = Array.from({ length: 4 }, (_, i) => ({ path: `f${i}.ts`, text: "x".repeat(each) }));
    expect(await refusalOf(client, "migrate_plan", { files })).toMatch(
      /^McpInputError: files: \d+ bytes in all, over MCP_MAX_TOTAL_BYTES \(\d+\) per call: send fewer neighbours/,
    );
  });

  it("a path over MCP_MAX_PATH_LENGTH", async () => {
    const path = `${"a/".repeat(MCP_MAX_PATH_LENGTH)}x.ts`;
    expect(await refusalOf(client, "migrate_file", { path, text: SMALL })).toMatch(
      /^McpInputError: path: the path is \d+ characters, over MCP_MAX_PATH_LENGTH \(512\)/,
    );
  });
});

describe("paths stay inside their folder", () => {
  it.each([
    ["../x.ts", /leaves the folder it is relative to/],
    ["a/../../x.ts", /leaves the folder it is relative to/],
    ["/etc/passwd.ts", /is absolute/],
    ["C:/x.ts", /is absolute/],
    ["a\\..\\x.ts", /NUL or a backslash/],
  ])("a file path %s is refused", async (path, why) => {
    expect(await refusalOf(client, "migrate_file", { path, text: SMALL })).toMatch(why);
    expect(
      await refusalOf(client, "migrate_file", {
        path: "ok.ts",
        text: SMALL,
        neighbours: [{ path, text: SMALL }],
      }),
    ).toMatch(why);
  });

  it("a file migrate does not read is refused, naming what it reads", async () => {
    for (const path of ["script.py", "types/env.d.ts", "node_modules/lib/index.ts"])
      expect(await refusalOf(client, "migrate_file", { path, text: SMALL })).toMatch(
        new RegExp(
          `^McpInputError: path: '${path.replaceAll(".", "\\.")}' is not a file migrate reads: give a source file`,
        ),
      );
    expect(await refusalOf(client, "explain_site", { path: "a.py", text: SMALL, line: 1 })).toMatch(
      /is not a file migrate reads/,
    );
  });

  it("a path is taken in its normal form (./a.ts is a.ts)", async () => {
    const result = await client.callTool({
      name: "migrate_file",
      arguments: { path: "./a.ts", text: SMALL },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ path: "a.ts", status: "no-sites", changed: false });
  });

  it("a folder without a root is refused, naming --root", async () => {
    expect(await refusalOf(client, "migrate_check", { folder: "." })).toMatch(
      /^McpInputError: folder: this server was started without --root.*send the files' texts in `files` instead/,
    );
  });

  it.each([
    ["..", /leaves the folder it is relative to/],
    ["../outside", /leaves the folder it is relative to/],
    ["escape", /resolves outside the server's root \(a link leads out of it\)/],
    ["missing", /does not exist under the server's root/],
  ])("a folder %s outside the root is refused", async (folder, why) => {
    expect(await refusalOf(rooted, "migrate_check", { folder })).toMatch(why);
    expect(await refusalOf(rooted, "migrate_plan", { folder })).toMatch(why);
  });

  it("files and folder together, or neither, are refused", async () => {
    expect(
      await refusalOf(rooted, "migrate_check", { folder: "app", files: [{ path: "a.ts", text: SMALL }] }),
    ).toMatch(/give either `files`.*or `folder`/);
    expect(await refusalOf(rooted, "migrate_check", {})).toMatch(/give either `files`/);
  });

  it("a decision value that does not exist is refused by the schema", async () => {
    expect(
      await refusalOf(client, "migrate_file", { path: "a.ts", text: SMALL, decisions: { paths: "nope" } }),
    ).toMatch(/Input validation error/);
  });
});
