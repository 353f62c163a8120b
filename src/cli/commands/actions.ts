/**
 * `oddkit-sdk search|catalog|get|resolve|preflight`: the five retrieval
 * actions, one verb each, with one flag per request parameter of the
 * action's published input schema. Each verb makes exactly the library call
 * `client.<action>(params)` and prints its result.
 */
import type { Command } from "commander";
import { ACTIONS, type Action } from "../../contract/index.js";
import type { CliContext } from "../context.js";
import { addConnectionFlags, type ConnectionOptions } from "../retrieval/connect.js";
import { addParamFlags, inputArgument, paramFlags, readParams } from "../retrieval/flags.js";
import { runVerb } from "../retrieval/run.js";

type LooseAction = (params: Record<string, unknown>) => Promise<unknown>;

const SUMMARY: Readonly<Record<Action, string>> = {
  search: "Ranked search (score and snippet on every hit)",
  catalog: "List documents in path or date order",
  get: "One document by URI (default disclosure: body)",
  resolve: "One document by URI, following superseded_by to the current one",
  preflight: "The documents to read before a task (start here, constraints, definition of done)",
};

function registerAction(program: Command, ctx: CliContext, action: Action): void {
  const flags = paramFlags(action);
  const input = inputArgument(action);
  const command = program.command(action).description(`${SUMMARY[action]} (oddkit ${action} action)`);
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
