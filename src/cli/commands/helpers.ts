/**
 * One verb per row of USE_CASES (`oddkit-sdk essays-index`, `notebook
 * <prefix>`, …), generated from the table: the verb takes the row's input as
 * its argument and every parameter the row does not fix as a flag, then
 * calls the generated helper function and prints its result.
 */
import type { Command } from "commander";
import type { Flag } from "../../contract/index.js";
import { CliUsageError } from "../../errors/index.js";
import {
  type AnyUseCaseRow,
  fixedParams,
  HELPER_MAX_ENTRIES,
  HELPERS,
  USE_CASE_ROWS,
} from "../../helpers/index.js";
import type { CliContext } from "../context.js";
import { addConnectionFlags, type ConnectionOptions } from "../retrieval/connect.js";
import { addParamFlags, paramFlags, readParams } from "../retrieval/flags.js";
import { runVerb } from "../retrieval/run.js";

type LooseHelper = (client: unknown, ...args: unknown[]) => Promise<unknown>;

const ARGUMENT: Readonly<Record<NonNullable<AnyUseCaseRow["input"]>, string>> = {
  query: "<query>",
  uri: "<uri>",
  path_prefix: "<prefix>",
};

const helperLabel = (row: AnyUseCaseRow) => `${row.functionName}()`;

/**
 * The request flags a use-case verb accepts: every parameter of its action the
 * row does not fix. Where the row sets the parameter itself (its `limit`, a
 * filter such as session history's `include`), the action's "(default …)" in
 * the help is the wrong default for this verb, so the row's value replaces it.
 */
export function useCaseParamFlags(row: AnyUseCaseRow) {
  const fixed = new Set(fixedParams(row));
  const rowValues: Record<string, unknown> = {
    ...row.filters,
    ...(row.paginate ? {} : { limit: row.limit }),
  };
  return paramFlags(row.action)
    .filter((f) => !fixed.has(f.param))
    .map((f) => {
      const value = rowValues[f.param];
      if (value === undefined) return f;
      const shown = Array.isArray(value) ? value.join(", ") : String(value);
      const base = f.description.replace(/ \(default [^)]*\)/, "");
      return { ...f, description: `${base.replace(/\.?$/, ".")} Default for this verb: ${shown}.` };
    });
}

function registerUseCase(program: Command, ctx: CliContext, row: AnyUseCaseRow): void {
  const flags = useCaseParamFlags(row);
  const command = program
    .command(row.cliVerb)
    .summary(`${row.title}${row.status === "aspirational" ? " (aspirational)" : ""} (${helperLabel(row)})`)
    .description(`${row.title}${row.status === "aspirational" ? " (aspirational)" : ""}: ${row.description}`);
  if (row.input) command.argument(ARGUMENT[row.input], `The ${row.input.replace("_", " ")}`);
  addParamFlags(command, flags);
  if (row.paginate) {
    command.option(
      "--max-entries <n>",
      `Upper bound on entries collected (default ${HELPER_MAX_ENTRIES}); a listing over it is an error, never truncated`,
    );
  }
  addConnectionFlags(command);
  command.action(async (...args: unknown[]) => {
    const options = command.opts<Record<string, unknown> & ConnectionOptions & { json?: boolean }>();
    await runVerb(ctx, {
      verb: row.cliVerb,
      action: row.action,
      connection: options,
      json: options.json === true,
      flags: row.disclosure as readonly Flag[],
      prepare: () => {
        const overrides = readParams(flags, options);
        const positional = row.input ? [args[0]] : [];
        const extra = row.paginate ? [overrides, paginateOptions(options.maxEntries)] : [overrides];
        const helper = HELPERS[row.functionName as keyof typeof HELPERS] as LooseHelper;
        return (client) => helper(client, ...positional, ...extra);
      },
    });
  });
}

function paginateOptions(raw: unknown): { maxEntries?: number } {
  if (raw === undefined) return {};
  const text = String(raw);
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new CliUsageError(`--max-entries: '${text}' is not a positive integer`);
  }
  return { maxEntries: Number(text) };
}

export function register(program: Command, ctx: CliContext): void {
  for (const row of USE_CASE_ROWS) registerUseCase(program, ctx, row);
}
