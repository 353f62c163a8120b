/**
 * `oddkit-sdk mcp`: the migration MCP server (server.ts) on stdio (default;
 * stdout carries the protocol, so messages go to stderr) or, with `--http`,
 * Streamable HTTP on 127.0.0.1, printing one line `listening on URL`. Runs
 * until SIGINT/SIGTERM, the CLI's abort, or (stdio) the end of stdin.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import type { CliContext } from "../cli-context.js";
import { MIGRATION_TOOL_NAMES } from "./server.js";
import { serveHttp, serveStdio } from "./transports.js";

interface McpFlags {
  http?: boolean;
  port?: number;
  root?: string;
  corpus?: string;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() === true;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw new InvalidArgumentError("expected a port number from 0 to 65535 (0 picks a free port)");
  return port;
}

/** Resolves when the CLI is aborted, the process is asked to stop, or `also` settles. */
function untilStopped(signal: AbortSignal, also?: Promise<unknown>): Promise<void> {
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
    also?.then(stop, stop);
  });
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command("mcp")
    .description(
      `Serve the migration engine as MCP tools (${MIGRATION_TOOL_NAMES.join(", ")}) over stdio, or Streamable HTTP with --http; see docs/codemods.md`,
    )
    .option("--http", "serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio")
    .option("--port <n>", "with --http: the port (0 picks a free one)", parsePort)
    .option("--root <dir>", "a folder the tools may read in place (their `folder` input); never written")
    .option(
      "--corpus <dir>",
      "the knowledge base migrate_plan measures on (default: the bundled sample corpus)",
    )
    .action(async (flags: McpFlags) => {
      if (flags.port !== undefined && !flags.http) throw new Error("--port goes with --http");
      if (flags.root !== undefined && !(await isFolder(resolve(ctx.io.cwd, flags.root))))
        throw new Error(`--root: '${flags.root}' is not a folder`);
      const options = {
        ...(flags.root ? { root: resolve(ctx.io.cwd, flags.root) } : {}),
        ...(flags.corpus ? { corpus: resolve(ctx.io.cwd, flags.corpus) } : {}),
      };
      if (flags.http) {
        const listening = await serveHttp({ ...options, port: flags.port ?? 0 });
        ctx.io.stdout(`listening on ${listening.url}`);
        try {
          await untilStopped(ctx.signal);
        } finally {
          await listening.close();
        }
        return;
      }
      const session = await serveStdio(options);
      ctx.io.stderr(`serving the migration tools over stdio${options.root ? ` (root ${options.root})` : ""}`);
      const ended = new Promise((done) => process.stdin.once("end", done));
      try {
        await untilStopped(ctx.signal, ended);
      } finally {
        await session.close();
      }
    });
}
