/**
 * Where the retrieval verbs send their requests: an oddkit server at `--url`,
 * or an embedded reference server over `--corpus DIR` (default: the bundled
 * sample corpus) reached in memory. Either way the verbs talk to it through
 * the same `createOddkitClient` the library exports.
 */
import { type Command, Option } from "commander";
import type { OddkitClient } from "../../client/index.js";
import { CliUsageError } from "../../errors/index.js";

export interface ConnectionOptions {
  readonly url?: string;
  readonly corpus?: string;
  /** Shape of the embedded server: `contract` (default) or `window` (an alias: the opt-in follows the version, 0.30.0). */
  readonly mode?: string;
  /** A kind map file for the embedded server, overriding the corpus's own `oddkit.kinds.*`. */
  readonly kindMap?: string;
  readonly consumer?: string;
}

/**
 * Embedded server modes the verbs can read: the typed client validates every
 * answer against the contract, so a `legacy` server would only produce
 * contract-violation errors.
 */
export const EMBEDDED_MODES = ["contract", "window"] as const;

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
    .addOption(
      new Option(
        "--mode <mode>",
        `Embedded server shape: ${EMBEDDED_MODES.join(" or ")} (the same: the embedded server is 0.30.0, so include_legacy_envelope: true is answered); default contract`,
      ).conflicts("url"),
    )
    .addOption(
      new Option(
        "--kind-map <file>",
        "JSON/YAML path prefix → kind map for the embedded server (overrides the corpus's own oddkit.kinds.json)",
      ).conflicts("url"),
    )
    .addOption(new Option("--consumer <label>", "Consumer label sent as ?consumer= and MCP clientInfo.name"))
    .addOption(new Option("--json", "Print the library's result as JSON instead of a table"));
}

export async function openClient(options: ConnectionOptions): Promise<OpenClient> {
  const mode = options.mode ?? "contract";
  if (!(EMBEDDED_MODES as readonly string[]).includes(mode)) {
    throw new CliUsageError(`--mode: '${mode}' is not one of ${EMBEDDED_MODES.join(", ")}`);
  }
  const { createOddkitClient } = await import("../../client/index.js");
  const consumer = options.consumer === undefined ? {} : { consumer: options.consumer };
  if (options.url !== undefined) {
    const client = createOddkitClient({ url: options.url, ...consumer });
    return { client, close: () => client.close() };
  }
  // Loaded only for the embedded default: it reads files (Node only). The embedded server is the
  // direct path (server/embedded.ts: JSON-RPC to the dispatcher, no MCP SDK server, HTTP or stdio
  // modules), not createReferenceServer: loading the SDK's server stack was most of a `search`.
  const [
    { createEmbeddedServer },
    { defaultIndexCacheDir },
    { loadServedCorpus },
    { readKindMapFile, sampleCorpusDir },
  ] = await Promise.all([
    import("../../server/embedded.js"),
    import("../../server/search/index-cache.js"),
    import("../../server/search/folder-load.js"),
    import("../../corpus/index.js"),
  ]);
  // Without --kind-map, the load reads the corpus's own oddkit.kinds.* file. A large folder is
  // loaded by worker threads with its index built beside the reads (search/folder-load.ts).
  const cacheDir = defaultIndexCacheDir();
  const corpus = await loadServedCorpus(options.corpus ?? sampleCorpusDir(), {
    ...(options.kindMap === undefined
      ? {}
      : {
          kindMap: await readKindMapFile(options.kindMap),
          kindMapSource: { from: "file", file: options.kindMap },
        }),
    ...(cacheDir === null ? {} : { parseCache: cacheDir }),
  });
  const server = await createEmbeddedServer({
    mode: mode as (typeof EMBEDDED_MODES)[number],
    corpus,
    indexCache: cacheDir ?? false,
  });
  const client = createOddkitClient({ server, ...consumer });
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}
