/**
 * Shared by the MCP tool tests: an official SDK client connected in memory to
 * the migration server (the tools' own code, from source), the structured
 * result of a call, and the real-world corpus's apps as the tools take them
 * (each app folder's files, path relative to the folder, text).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createMigrationMcpServer, type MigrationMcpServerOptions } from "../../codemods/mcp/index.js";
import { SOURCE_EXTENSIONS } from "../../codemods/migrate/parser.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const CORPUS = join(ROOT, "codemods/__realworld__");

export interface AppFile {
  readonly path: string;
  readonly text: string;
}

/** A file `migrate` reads (the tools refuse the others: a workflow's YAML, a package.json). */
const isSource = (name: string) =>
  !name.endsWith(".d.ts") && SOURCE_EXTENSIONS.some((e) => name.endsWith(`.${e}`));

/** The corpus's app folders (every top-level folder but the shared `types/`), each with its source files. */
export function corpusApps(): { readonly app: string; readonly files: AppFile[] }[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "types")
    .map((d) => {
      const dir = join(CORPUS, d.name);
      const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
        .filter((f) => f.isFile() && isSource(f.name))
        .map((f) => join(f.parentPath, f.name))
        .sort()
        .map((file) => ({
          path: relative(dir, file).split("\\").join("/"),
          text: readFileSync(file, "utf8"),
        }));
      return { app: d.name, files };
    });
}

export async function connectInMemory(options: MigrationMcpServerOptions = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMigrationMcpServer(options).connect(serverSide);
  const client = new Client({ name: "oddkit-sdk-test", version: "0.0.0" });
  await client.connect(clientSide);
  return client;
}

/** A tool call's structured result; throws with the tool's error text when it answered isError. */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${(result.content[0] as { text?: string })?.text}`);
  return result.structuredContent as T;
}

/** A tool call expected to be refused: its error text. */
export async function refusalOf(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`${name} answered where a refusal was expected`);
  return (result.content[0] as { text: string }).text;
}
