/**
 * The `oddkit-sdk` command line. Each command lives in its own module under
 * ./commands and registers itself on the program; this file only wires them.
 * Only the module of the command that runs is imported (./registry.ts lists
 * them), so `--help`, `--version` and every command start without loading
 * the others.
 */
import { Command, CommanderError } from "commander";
import { packageVersion } from "../corpus/sample.js";
import { type CliContext, type CliIO, colorsFor, processIO } from "./context.js";
import { COMMANDS, type CommandEntry, entryFor, exitCodesHelp, USAGE_EXIT } from "./registry.js";

export type { CommandModule } from "./registry.js";

/** The command name in argv: the first word that is not an option (`help X` names X). */
function commandName(argv: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith("-"));
  return words[0] === "help" ? words[1] : words[0];
}

/** Register the one module that implements `entry` and put its exit codes under each of its verbs' help. */
async function registerEntry(program: Command, ctx: CliContext, entry: CommandEntry): Promise<void> {
  (await entry.load()).register(program, ctx);
  for (const command of program.commands) {
    if (entry.names.includes(command.name())) command.addHelpText("after", exitCodesHelp(entry));
  }
}

/** Every verb with its one-line summary and nothing else: enough for `--help` and for "did you mean". */
function registerSummaries(program: Command): void {
  for (const entry of COMMANDS) {
    for (const name of entry.names) program.command(name).summary(entry.summary(name));
  }
}

export async function main(argv: string[], io: CliIO = processIO(), signal?: AbortSignal): Promise<number> {
  let code = 0;
  const controller = new AbortController();
  signal?.addEventListener("abort", () => controller.abort(), { once: true });
  const color = colorsFor(io);
  const ctx: CliContext = {
    io,
    color,
    exit: (c) => {
      code = Math.max(code, c);
    },
    signal: controller.signal,
  };
  const program = new Command("oddkit-sdk")
    .description("Migrate oddkit consumers to the retrieval disclosure contract")
    .version(packageVersion(), "-V, --version", "print the version")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
      outputError: (s, write) => write(color.red(s)),
      // Commander asks the process streams otherwise; the io decides (it may be a test's capture).
      getOutHasColors: () => io.color === true,
      getErrHasColors: () => io.color === true,
    })
    .configureHelp({
      styleTitle: (s) => color.bold(s),
      styleCommandText: (s) => color.cyan(s),
      styleSubcommandText: (s) => color.cyan(s),
      styleOptionText: (s) => color.green(s),
    })
    .showHelpAfterError();
  const name = commandName(argv);
  const entry = name === undefined ? undefined : entryFor(name);
  if (entry) await registerEntry(program, ctx, entry);
  else registerSummaries(program);
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? code : Math.max(code, USAGE_EXIT);
    }
    io.stderr(`${color.red("oddkit-sdk:")} ${error instanceof Error ? error.message : String(error)}`);
    return Math.max(code, 1);
  }
  return code;
}
