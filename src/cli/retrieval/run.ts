/**
 * Running one retrieval verb: open the client, make the library call, print
 * the result (JSON or table), map failures to documented exit codes, close.
 *
 * Exit codes: 0 answered (including NO_MATCH); 1 transport, timeout, server
 * contract violation or any other failure; 2 bad flag value or a request the
 * contract refuses (before sending or by the server's error envelope), a bad
 * agent option or an evidence packet refused as a whole;
 * 3 document not found (get, resolve, essay-page); 4 `admit` refused some
 * evidence (the record says which and why). Commander's own usage
 * errors (unknown flag, missing argument) exit with 64 (see main.ts).
 */

import type { OddkitClient } from "../../client/index.js";
import type { Action, Flag } from "../../contract/index.js";
import { CliUsageError, HelperArgumentError } from "../../errors/index.js";
import type { CliContext } from "../context.js";
import { type ConnectionOptions, openClient } from "./connect.js";
import { renderTable } from "./table.js";

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, refused: 4 } as const;

export interface VerbRun {
  /** The verb, for messages. */
  readonly verb: string;
  readonly action: Action;
  readonly connection: ConnectionOptions;
  readonly json: boolean;
  /** Disclosure of the entries when the result does not echo it. */
  readonly flags?: readonly Flag[];
  /**
   * Parse the flags into a request (may throw CliUsageError) and return the
   * library call to make; runs before any client or server is opened.
   */
  readonly prepare: () => (client: OddkitClient) => Promise<unknown>;
  /** Readable output for results that are not one contract page (grouped search, context); default `renderTable`. */
  readonly render?: (result: Record<string, unknown>) => string;
  /** Exit code of an answered call (default 0); `admit` exits 4 when some evidence was refused. */
  readonly exitCode?: (result: Record<string, unknown>) => number;
}

/** Exit code and message for a failure. Client errors are matched by name so this module loads no client code. */
export function describeFailure(error: unknown): { code: number; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CliUsageError || error instanceof HelperArgumentError) {
    return { code: EXIT.usage, message };
  }
  const name = error instanceof Error ? error.name : "";
  if (name === "OddkitRequestError") {
    const sent = (error as { sent?: boolean }).sent;
    return { code: EXIT.usage, message: `${message}${sent === false ? " (refused before sending)" : ""}` };
  }
  if (name === "OddkitNotFoundError") return { code: EXIT.notFound, message };
  // The agent entry's refusals of bad options or of a whole evidence packet: the input is wrong.
  if (name === "OddkitAgentOptionsError" || name === "OddkitEvidenceError")
    return { code: EXIT.usage, message };
  return { code: EXIT.failure, message: name && name !== "Error" ? `${name}: ${message}` : message };
}

/**
 * A failure as `--json` prints it: the error's class, its contract code when it has one
 * (`DISCLOSURE_FLAG_NOT_PERMITTED`, `NOT_FOUND`, …), the message and the exit code, so a
 * script reads the same typed answer a library caller catches.
 */
export function failureJson(
  error: unknown,
  failure: { code: number; message: string },
): { name: string; code: string | null; message: string; exitCode: number; sent?: boolean } {
  const name = error instanceof Error ? error.name : "Error";
  const fields = (error instanceof Error ? error : {}) as { code?: unknown; sent?: unknown };
  const code = typeof fields.code === "string" ? fields.code : null;
  const sent = fields.sent;
  return {
    name,
    code,
    message: error instanceof Error ? error.message : String(error),
    exitCode: failure.code,
    ...(typeof sent === "boolean" ? { sent } : {}),
  };
}

export async function runVerb(ctx: CliContext, run: VerbRun): Promise<void> {
  let open: Awaited<ReturnType<typeof openClient>> | null = null;
  try {
    const call = run.prepare();
    open = await openClient(run.connection);
    const result = (await call(open.client)) as Record<string, unknown>;
    ctx.io.stdout(
      run.json
        ? `${JSON.stringify(result, null, 2)}\n`
        : run.render
          ? run.render(result)
          : renderTable({ action: run.action, result, ...(run.flags ? { flags: run.flags } : {}) }),
    );
    ctx.exit(run.exitCode ? run.exitCode(result) : EXIT.ok);
  } catch (error) {
    const failure = describeFailure(error);
    ctx.io.stderr(`oddkit-sdk ${run.verb}: ${failure.message}\n`);
    if (run.json) ctx.io.stdout(`${JSON.stringify({ error: failureJson(error, failure) }, null, 2)}\n`);
    ctx.exit(failure.code);
  } finally {
    await open?.close().catch(() => undefined);
  }
}
