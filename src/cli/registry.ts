/**
 * The CLI's table of contents: every command's name, one-line summary, exit
 * codes and the module that implements it. `main` reads this table to print
 * `--help` and to pick the ONE module to import for the command that runs,
 * so a cold start never pays for the others (the codemod toolchain, the
 * reference server, the MCP SDK). Keep this module free of runtime imports
 * beyond the plain-data use-case table.
 */
import type { Command } from "commander";
// The plain-data action table (no zod): see the import-boundary test's zod-free entries.
import { ACTION_SPECS } from "../contract/actions.js";
import type { Action } from "../contract/index.js";
import { ACTIONS } from "../contract/names.js";
import { USE_CASE_ROWS } from "../helpers/use-cases.js";
import type { CliContext } from "./context.js";

export type CommandModule = { register(program: Command, ctx: CliContext): void };

export interface CommandEntry {
  /** The verb(s) the module registers. */
  readonly names: readonly string[];
  /** `--help` line per verb (the module's own description is shown by `<verb> --help`). */
  readonly summary: (name: string) => string;
  /** Exit code → meaning, printed under every verb's `--help`. */
  readonly exitCodes: Readonly<Record<number, string>>;
  readonly load: () => Promise<CommandModule>;
}

/** Commander's own usage errors (unknown flag, missing argument) exit with this code (see main.ts). */
export const USAGE_EXIT = 64;

/**
 * The retrieval verbs, in the contract's order, each with its row's `summary`
 * (ACTION_SPECS): a new action gets its verb and help line from its row.
 * Read from the zod-free action table, not the contract index, so `--help`
 * never loads zod.
 */
export const ACTION_SUMMARY: Readonly<Record<Action, string>> = Object.fromEntries(
  ACTIONS.map((action) => [action, ACTION_SPECS[action].summary]),
) as Record<Action, string>;

const RETRIEVAL_EXIT_CODES = {
  0: "answered (including NO_MATCH)",
  1: "transport failure (the cause is named, e.g. ECONNREFUSED 127.0.0.1:8787), timeout, or a server answer that breaks the contract",
  2: "bad flag value, or a request the contract refuses",
  3: "document not found (get, resolve, essay-page)",
} as const;

const NO_MARKDOWN = "the folder holds no markdown documents (wrong folder?)";

/** Command modules, in help order. Each helper issue adds its entry here. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    names: ["audit"],
    summary: () =>
      "Audit the structural frontmatter of a folder of markdown (default: the bundled sample corpus)",
    exitCodes: {
      0: "audited (findings alone do not fail without --strict)",
      1: `--strict and an error was found, or ${NO_MARKDOWN}`,
    },
    load: () => import("./commands/audit.js"),
  },
  {
    names: ["shadow"],
    summary: () => "Compare a server-side structural filter with a local predicate over every document",
    exitCodes: {
      0: "compared (disagreements are reported, not failed)",
      1: `bad input, an unreachable server, or ${NO_MARKDOWN}`,
    },
    load: () => import("./commands/shadow.js"),
  },
  {
    names: ["conformance"],
    summary: () =>
      "Run the contract's 11 verification checks against a server (default: embedded, sample corpus)",
    exitCodes: { 0: "all 11 checks pass", 1: `a check failed, the server is unreachable, or ${NO_MARKDOWN}` },
    load: () => import("./commands/conformance.js"),
  },
  {
    names: ["cost"],
    summary: () =>
      "Measure the legacy doc-listing call against the reference use cases (tokens, ratios, a simulated week through the client cache)",
    exitCodes: {
      0: "measured; check 11 holds or cannot be judged",
      1: `check 11 does not hold, the server is unreachable, or ${NO_MARKDOWN}`,
    },
    load: () => import("./commands/cost.js"),
  },
  {
    names: ["report"],
    summary: () =>
      "Migration report: frontmatter audit, conformance and token cost (default: the bundled sample corpus)",
    exitCodes: {
      0: "the server conforms (audit findings alone never fail it)",
      1: `a conformance check failed, the server is unreachable, or ${NO_MARKDOWN}`,
    },
    load: () => import("./commands/report.js"),
  },
  {
    names: Object.keys(ACTION_SUMMARY),
    summary: (name) => `${ACTION_SUMMARY[name as Action]} (oddkit ${name} action)`,
    exitCodes: RETRIEVAL_EXIT_CODES,
    load: () => import("./commands/actions.js"),
  },
  {
    names: USE_CASE_ROWS.map((row) => row.cliVerb),
    summary: (name) => {
      const row = USE_CASE_ROWS.find((r) => r.cliVerb === name)!;
      return `${row.title}${row.status === "aspirational" ? " (aspirational)" : ""} (${row.functionName}())`;
    },
    exitCodes: RETRIEVAL_EXIT_CODES,
    load: () => import("./commands/helpers.js"),
  },
  {
    names: ["serve"],
    summary: () => "Serve a folder of markdown as an oddkit MCP server (Streamable HTTP at /mcp, or stdio)",
    exitCodes: { 0: "stopped by SIGINT/SIGTERM", 1: "the corpus cannot be read or the port cannot be bound" },
    load: () => import("./commands/serve.js"),
  },
  {
    names: ["migrate"],
    summary: () => "Rewrite legacy oddkit call sites to the contract (codemods); see docs/codemods.md",
    exitCodes: {
      0: "done",
      1: "a file failed (it was not written)",
      2: "TODO(oddkit-migrate) markers remain with --fail-on-todo",
    },
    // The codemods are their own package: `migrate` delegates to it, or says the one command that installs it.
    load: () => loadCodemodCommand(),
  },
  {
    names: ["mcp"],
    summary: () =>
      "Serve the migration engine as MCP tools for coding agents (stdio, or Streamable HTTP with --http); see docs/codemods.md",
    exitCodes: {
      0: "stopped by SIGINT/SIGTERM or the end of stdin",
      1: "the port cannot be bound, --root is not a folder, --port without --http, or the codemod package is not installed",
    },
    // The server lives in the codemod package beside the engine it exposes.
    load: () => loadCodemodCommand(undefined, MCP_COMMAND),
  },
  {
    names: ["context"],
    summary: () =>
      "What to read before a task: constraints and definition of done inline, suggested documents as links (buildContext)",
    exitCodes: {
      0: "the context was built (its header says INCOMPLETE when a required document did not fit)",
      1: "transport failure, timeout, or a server answer that breaks the contract",
      2: "bad flag value (--budget, a filter)",
    },
    load: () => import("./commands/context.js"),
  },
  {
    names: ["admit"],
    summary: () =>
      "Recheck an evidence packet against your scope and the live server, then the token budget (admit)",
    exitCodes: {
      0: "every reference entered",
      1: "transport failure, timeout, or a server answer that breaks the contract",
      2: "the packet was refused as a whole (schema, identity, scope widened), cannot be read, or a flag is wrong",
      4: "some references were refused (superseded, changed, out of scope, missing, budget): the output says which and why",
    },
    load: () => import("./commands/admit.js"),
  },
];

/** The entry that implements `name`, if any. */
export function entryFor(name: string): CommandEntry | undefined {
  return COMMANDS.find((entry) => entry.names.includes(name));
}

/** The "Exit codes:" block shown under a verb's `--help`. */
export function exitCodesHelp(entry: CommandEntry): string {
  const rows = Object.entries({
    ...entry.exitCodes,
    [USAGE_EXIT]: "usage error (unknown flag, missing argument)",
  });
  return `\nExit codes:\n${rows.map(([code, meaning]) => `  ${code.padStart(3)}  ${meaning}`).join("\n")}\n`;
}

/**
 * The package `oddkit-sdk migrate` runs: the codemods, the runner and their
 * toolchain (jscodeshift, ts-morph), installed apart from the library the way
 * `@next/codemod` stands apart from `next` (codemods/ in this repository).
 */
export const CODEMOD_PACKAGE = "@oddkit-sdk/codemod";
export const CODEMOD_INSTALL_COMMAND = `npm i -D ${CODEMOD_PACKAGE}`;

/** A command the codemod package implements: its verb and the package entry that registers it. */
export interface CodemodCommand {
  readonly verb: string;
  readonly subpath: string;
  readonly description: string;
}

export const MIGRATE_COMMAND: CodemodCommand = {
  verb: "migrate",
  subpath: "cli",
  description: "Rewrite legacy oddkit call sites to the contract",
};
export const MCP_COMMAND: CodemodCommand = {
  verb: "mcp",
  subpath: "mcp-cli",
  description: "Serve the migration engine as MCP tools",
};

/**
 * A command from the codemod package (`migrate` by default, `mcp`), or a
 * stand-in that names the install command when the package (or one of its
 * own dependencies) cannot be loaded. The specifier is computed so that
 * neither tsc nor a bundler follows it into the codemod package. `load` is
 * for tests.
 */
export async function loadCodemodCommand(
  load: (specifier: string) => Promise<unknown> = (specifier) => import(specifier),
  command: CodemodCommand = MIGRATE_COMMAND,
): Promise<CommandModule> {
  const specifier = `${CODEMOD_PACKAGE}/${command.subpath}`;
  try {
    const module = (await load(specifier)) as Partial<CommandModule>;
    if (typeof module.register !== "function") {
      throw new TypeError(`${specifier} exports no register(): its version does not match this oddkit-sdk`);
    }
    return module as CommandModule;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw error;
    return codemodPackageMissing(error as Error, command);
  }
}

/** Stand-in for a codemod command when the package cannot be loaded: exit 1 with the install command. */
function codemodPackageMissing(error: Error, command: CodemodCommand): CommandModule {
  const firstLine = error.message.split("\n")[0] ?? "";
  const absent = firstLine.includes(`'${CODEMOD_PACKAGE}'`) || firstLine.includes(`"${CODEMOD_PACKAGE}`);
  const why = absent
    ? `${CODEMOD_PACKAGE} is not installed`
    : `${CODEMOD_PACKAGE} cannot load (${firstLine})`;
  return {
    register(program, ctx) {
      program
        .command(command.verb)
        .description(`${command.description} (needs ${CODEMOD_PACKAGE})`)
        .allowUnknownOption()
        .allowExcessArguments()
        .action(() => {
          ctx.io.stderr(
            `oddkit-sdk ${command.verb}: ${why}.\nInstall it in this project with:\n  ${CODEMOD_INSTALL_COMMAND}`,
          );
          ctx.exit(1);
        });
    },
  };
}
