/**
 * The `oddkit-sdk` command line. Each command lives in its own module under
 * ./commands and registers itself on the program; this file only wires them.
 */
import { Command, CommanderError } from "commander";
import { type CliContext, type CliIO, processIO } from "./context.js";

export type CommandModule = { register(program: Command, ctx: CliContext): void };

/** Command modules, in help order. Each helper issue adds its line here. */
const COMMANDS: (() => Promise<CommandModule>)[] = [
  () => import("./commands/audit.js"),
  () => import("./commands/shadow.js"),
  () => import("./commands/conformance.js"),
  () => import("./commands/cost.js"),
  () => import("./commands/report.js"),
  () => import("./commands/actions.js"),
  () => import("./commands/helpers.js"),
  () => import("./commands/serve.js"),
  () => import("./commands/migrate.js"),
  () => import("./commands/context.js"),
  () => import("./commands/admit.js"),
];

export async function main(argv: string[], io: CliIO = processIO(), signal?: AbortSignal): Promise<number> {
  let code = 0;
  const controller = new AbortController();
  signal?.addEventListener("abort", () => controller.abort(), { once: true });
  const ctx: CliContext = {
    io,
    exit: (c) => {
      code = Math.max(code, c);
    },
    signal: controller.signal,
  };
  const program = new Command("oddkit-sdk")
    .description("Migrate oddkit consumers to the retrieval disclosure contract")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout(s), writeErr: (s) => io.stderr(s) })
    .showHelpAfterError();
  for (const load of COMMANDS) (await load()).register(program, ctx);
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? code : Math.max(code, 64);
    }
    io.stderr(`oddkit-sdk: ${error instanceof Error ? error.message : String(error)}`);
    return Math.max(code, 1);
  }
  return code;
}
