/**
 * `oddkit-sdk serve`: the reference server over a folder of markdown
 * (default: the bundled sample corpus). Prints load warnings to stderr, then
 * exactly one line `listening on http://HOST:PORT/mcp`, and runs until
 * SIGINT/SIGTERM (or the CLI's abort signal). `--stdio` serves one MCP
 * session over stdin/stdout instead.
 */
import { resolve } from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import { readKindMapFile } from "../../report/inputs.js";
import { createReferenceServer, SERVER_MODES, type ServerMode } from "../../server/index.js";
import { DEFAULT_HOST } from "../../server/listen.js";
import { defaultIndexCacheDir } from "../../server/search/index-cache.js";
import type { CliContext } from "../context.js";

interface ServeFlags {
  corpus?: string;
  port: number;
  host: string;
  mode: ServerMode;
  serverVersion?: string;
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
  if (!/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/.test(value)) {
    throw new InvalidArgumentError("expected a version like 0.30.0");
  }
  return value;
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
      new Option("--mode <mode>", "response shape: contract (new), legacy (0.28.x) or window (both, opt-in)")
        .choices([...SERVER_MODES])
        .default("contract"),
    )
    .option("--server-version <x.y.z>", "version reported by serverInfo and oddkit_version", parseVersion)
    .option("--kind-map <file>", "JSON object of path prefix → kind, laid over the default map")
    .option("--json-response", "answer MCP POSTs with JSON bodies instead of SSE streams")
    .option("--stdio", "serve one MCP session over stdin/stdout instead of HTTP")
    .action(async (flags: ServeFlags) => {
      const kindMap = flags.kindMap ? await readKindMapFile(flags.kindMap, ctx.io.cwd) : undefined;
      const server = await createReferenceServer({
        ...(flags.corpus ? { corpus: resolve(ctx.io.cwd, flags.corpus) } : {}),
        mode: flags.mode,
        ...(flags.serverVersion ? { version: flags.serverVersion } : {}),
        ...(kindMap ? { kindMap } : {}),
        jsonResponse: flags.jsonResponse ?? false,
        indexCache: defaultIndexCacheDir() ?? false,
      });
      for (const w of server.warnings) {
        ctx.io.stderr(`warning: ${w.path}${w.line === undefined ? "" : `:${w.line}`}: ${w.message}`);
      }
      const skipped = server.corpus.skipped.length;
      ctx.io.stderr(
        `serving ${server.corpus.documents.length} documents (${skipped} skipped, ${server.warnings.length} warnings) in ${server.mode} mode, version ${server.version}`,
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
