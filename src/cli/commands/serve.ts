/**
 * `oddkit-sdk serve`: the reference server over a folder of markdown
 * (default: the bundled sample corpus). Prints load warnings to stderr, then
 * exactly one line `listening on http://HOST:PORT/mcp`, and runs until
 * SIGINT/SIGTERM (or the CLI's abort signal). `--stdio` serves one MCP
 * session over stdin/stdout instead.
 */
import { resolve } from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import {
  CONTRACT_VERSION,
  legacyOptInRefusal,
  parseSemver,
  windowEndVersion,
  windowLength,
} from "../../contract/version-window.js";
import { describeKindMapSource, sampleCorpusDir } from "../../corpus/index.js";
import { createReferenceServer, SERVER_MODES, type ServerMode } from "../../server/index.js";
import { DEFAULT_HOST } from "../../server/listen.js";
import { loadServedCorpus } from "../../server/search/folder-load.js";
import { defaultIndexCacheDir } from "../../server/search/index-cache.js";
import type { CliContext } from "../context.js";
import { readKindMapFile } from "../inputs.js";

interface ServeFlags {
  corpus?: string;
  port: number;
  host: string;
  mode: ServerMode;
  serverVersion?: string;
  window: number;
  kindMap?: string;
  stdio?: boolean;
  jsonResponse?: boolean;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new InvalidArgumentError("expected a port number from 0 to 65535 (0 picks a free port)");
  }
  return port;
}

function parseVersion(value: string): string {
  try {
    return parseSemver(value, "--server-version").version;
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message}`);
  }
}

function parseWindow(value: string): number {
  try {
    return windowLength(Number(value));
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** One phrase for the startup line: whether this version accepts the legacy envelope opt-in. */
function optInState(version: string, windowMinors: number): string {
  const refusal = legacyOptInRefusal(version, { windowMinors });
  return refusal === null
    ? `include_legacy_envelope accepted until ${windowEndVersion({ windowMinors })}`
    : `include_legacy_envelope refused`;
}

/** Resolve when the CLI is aborted or the process is asked to stop. */
function untilStopped(signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      signal.removeEventListener("abort", stop);
      done();
    };
    if (signal.aborted) return stop();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    signal.addEventListener("abort", stop, { once: true });
  });
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command("serve")
    .description("Serve a folder of markdown as an oddkit MCP server (Streamable HTTP at /mcp, or stdio)")
    .option("--corpus <dir>", "folder of markdown documents (default: the bundled sample corpus)")
    .option("--port <n>", "port to listen on; 0 picks a free one", parsePort, 0)
    .option("--host <host>", "address to bind", DEFAULT_HOST)
    .addOption(
      new Option(
        "--mode <mode>",
        "response shape: contract (the new shape; the legacy envelope opt-in follows --server-version), legacy (the 0.28.x shape), window (same as contract)",
      )
        .choices([...SERVER_MODES])
        .default("contract"),
    )
    .option(
      "--server-version <x.y.z>",
      `version reported by serverInfo and oddkit_version (default ${CONTRACT_VERSION}; 0.28.1 with --mode legacy). It decides include_legacy_envelope: accepted from ${CONTRACT_VERSION} (N) until N+2 minors (${windowEndVersion()}), or N+3 (${windowEndVersion({ windowMinors: 3 })}) with --window 3; refused before N and from the end on, naming the removal version`,
      parseVersion,
    )
    .option("--window <minors>", "minors the legacy envelope window runs after N: 2 or 3", parseWindow, 2)
    .option(
      "--kind-map <file>",
      "JSON/YAML object of path prefix → kind, laid over the default map (overrides the corpus's own oddkit.kinds.json)",
    )
    .option("--json-response", "answer MCP POSTs with JSON bodies instead of SSE streams")
    .option("--stdio", "serve one MCP session over stdin/stdout instead of HTTP")
    .action(async (flags: ServeFlags) => {
      const dir = flags.corpus ? resolve(ctx.io.cwd, flags.corpus) : sampleCorpusDir();
      // --kind-map overrides the corpus's own oddkit.kinds.* (which loadCorpus reads otherwise)
      const cacheDir = defaultIndexCacheDir();
      // A large folder loads in worker threads, its search index built beside the reads.
      const corpus = await loadServedCorpus(dir, {
        ...(flags.kindMap
          ? {
              kindMap: await readKindMapFile(flags.kindMap, ctx.io.cwd),
              kindMapSource: { from: "file", file: flags.kindMap },
            }
          : {}),
        ...(cacheDir === null ? {} : { parseCache: cacheDir }),
      });
      const server = await createReferenceServer({
        corpus,
        mode: flags.mode,
        ...(flags.serverVersion ? { version: flags.serverVersion } : {}),
        windowMinors: flags.window,
        jsonResponse: flags.jsonResponse ?? false,
        indexCache: cacheDir ?? false,
      });
      for (const w of server.warnings) {
        ctx.io.stderr(`warning: ${w.path}${w.line === undefined ? "" : `:${w.line}`}: ${w.message}`);
      }
      const skipped = server.corpus.skipped.length;
      ctx.io.stderr(
        `serving ${server.corpus.documents.length} documents (${skipped} skipped, ${server.warnings.length} warnings) in ${server.mode} mode, version ${server.version}${server.mode === "legacy" ? "" : ` (${optInState(server.version, server.windowMinors)})`}; kinds from ${describeKindMapSource(server.corpus.kindMapSource)}`,
      );
      try {
        if (flags.stdio) {
          const stdio = await server.serveStdio();
          ctx.io.stderr("serving MCP over stdio");
          await Promise.race([
            untilStopped(ctx.signal),
            new Promise((done) => process.stdin.once("end", done)),
          ]);
          await stdio.close();
        } else {
          const listening = await server.listen({ port: flags.port, host: flags.host });
          ctx.io.stdout(`listening on ${listening.url}`);
          await untilStopped(ctx.signal);
        }
      } finally {
        await server.close();
      }
    });
}
