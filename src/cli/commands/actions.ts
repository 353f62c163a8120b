/**
 * `oddkit-sdk search|catalog|get|resolve|preflight`: the five retrieval
 * actions, one verb each, with one flag per request parameter of the
 * action's published input schema. Each verb makes exactly the library call
 * `client.<action>(params)` and prints its result.
 */
import type { Command } from "commander";
import { ACTIONS, type Action } from "../../contract/index.js";
import type { CliContext } from "../context.js";
import { ACTION_SUMMARY } from "../registry.js";
import { addConnectionFlags, type ConnectionOptions } from "../retrieval/connect.js";
import { addParamFlags, inputArgument, paramFlags, readParams } from "../retrieval/flags.js";
import { runVerb } from "../retrieval/run.js";

type LooseAction = (params: Record<string, unknown>) => Promise<unknown>;

function registerAction(program: Command, ctx: CliContext, action: Action): void {
  const flags = paramFlags(action);
  const input = inputArgument(action);
  const command = program.command(action).description(`${ACTION_SUMMARY[action]} (oddkit ${action} action)`);
  if (input) command.argument(`<${input}>`, `The ${input} (wire parameter 'input')`);
  addParamFlags(command, flags);
  if (action === "search") {
    command.option("--grouped", "One ranked list per kind (one search per kind), never one blended ranking");
  }
  addConnectionFlags(command);
  command.action(async (...args: unknown[]) => {
    const options = command.opts<Record<string, unknown> & ConnectionOptions & { json?: boolean }>();
    if (action === "search" && options.grouped === true) {
      const { runGroupedSearch } = await import("../agent/grouped-search.js");
      await runGroupedSearch(ctx, {
        connection: options,
        json: options.json === true,
        params: () => ({ ...readParams(flags, options), query: args[0] }),
      });
      return;
    }
    await runVerb(ctx, {
      verb: action,
      action,
      connection: options,
      json: options.json === true,
      prepare: () => {
        const params = readParams(flags, options);
        if (input) params[input] = args[0];
        return (client) => ((client[action] as LooseAction).bind(client) as LooseAction)(params);
      },
    });
  });
}

export function register(program: Command, ctx: CliContext): void {
  for (const action of ACTIONS) registerAction(program, ctx, action);
}
