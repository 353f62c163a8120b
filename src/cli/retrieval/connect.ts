/**
 * Where the retrieval verbs send their requests: an oddkit server at `--url`,
 * or an embedded reference server over `--corpus DIR` (default: the bundled
 * sample corpus) reached in memory. Either way the verbs talk to it through
 * the same `createOddkitClient` the library exports.
 */
import { type Command, Option } from "commander";
import type { OddkitClient } from "../../client/index.js";

export interface ConnectionOptions {
  readonly url?: string;
  readonly corpus?: string;
  readonly consumer?: string;
}

export interface OpenClient {
  readonly client: OddkitClient;
  close(): Promise<void>;
}

/** `--url`, `--corpus`, `--consumer` and `--json`, shared by every retrieval verb. */
export function addConnectionFlags(command: Command): void {
  command
    .addOption(new Option("--url <url>", "oddkit MCP endpoint (https://host/mcp)").conflicts("corpus"))
    .addOption(
      new Option(
        "--corpus <dir>",
        "Serve this folder of markdown with the embedded reference server (default without --url: the bundled sample corpus)",
      ),
    )
    .addOption(new Option("--consumer <label>", "Consumer label sent as ?consumer= and MCP clientInfo.name"))
    .addOption(new Option("--json", "Print the library's result as JSON instead of a table"));
}

export async function openClient(options: ConnectionOptions): Promise<OpenClient> {
  const { createOddkitClient } = await import("../../client/index.js");
  const consumer = options.consumer === undefined ? {} : { consumer: options.consumer };
  if (options.url !== undefined) {
    const client = createOddkitClient({ url: options.url, ...consumer });
    return { client, close: () => client.close() };
  }
  // Loaded only for the embedded default: it reads files (Node only).
  const { createReferenceServer } = await import("../../server/index.js");
  const server = await createReferenceServer(options.corpus === undefined ? {} : { corpus: options.corpus });
  const client = createOddkitClient({ server, ...consumer });
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}
