/**
 * `oddkit-sdk admit PACKET.json [--budget N] [scope flags] [--json]`: the
 * library's `admit`. The caller's scope is given with the structural filter
 * flags (`--include essays --exposure public`; none: the default kinds),
 * never read from the packet. Exit 0 when every reference entered, 4 when
 * some were refused (the output says which and why), 2 when the packet is
 * refused as a whole or a flag is wrong.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { CliUsageError } from "../../errors/index.js";
import { addFilterFlags, filterFlags, readBudget, readFilters } from "../agent/flags.js";
import type { CliContext } from "../context.js";
import { addConnectionFlags, type ConnectionOptions } from "../retrieval/connect.js";
import { EXIT, runVerb } from "../retrieval/run.js";
import { CLI_DEFAULT_BUDGET } from "./context.js";

async function readPacket(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new CliUsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(
      `${path} is not JSON (${(error as Error).message}); pass a packet written by toEvidence`,
    );
  }
}

export function register(program: Command, ctx: CliContext): void {
  const filters = filterFlags();
  const command = program
    .command("admit")
    .description(
      "Recheck an evidence packet (from toEvidence) against your scope and the live server, then the token budget; prints what entered and what was refused, and why (admit from oddkit-sdk/agent)",
    )
    .argument("<packet>", "Evidence packet JSON file")
    .option(
      "--budget <tokens>",
      `cl100k tokens the admitted evidence may take (default ${CLI_DEFAULT_BUDGET})`,
    );
  addFilterFlags(command, filters);
  addConnectionFlags(command);
  command.action(async (file: string) => {
    const options = command.opts<Record<string, unknown> & ConnectionOptions & { json?: boolean }>();
    const [{ admit }, { renderAdmission }] = await Promise.all([
      import("../../agent/index.js"),
      import("../agent/admission.js"),
    ]);
    let packet: unknown;
    try {
      packet = await readPacket(resolve(ctx.io.cwd, file));
    } catch (error) {
      ctx.io.stderr(`oddkit-sdk admit: ${(error as Error).message}\n`);
      ctx.exit(EXIT.usage);
      return;
    }
    await runVerb(ctx, {
      verb: "admit",
      action: "resolve",
      connection: options,
      json: options.json === true,
      render: (result) => renderAdmission(result as never),
      exitCode: (result) => ((result as { status?: string }).status === "admitted" ? EXIT.ok : EXIT.refused),
      prepare: () => {
        const budgetTokens = readBudget(options.budget, CLI_DEFAULT_BUDGET);
        const scope = readFilters(filters, options);
        return (client) => admit(packet, { client, scope, budgetTokens });
      },
    });
  });
}
