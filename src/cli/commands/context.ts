/**
 * `oddkit-sdk context "<task>" [--budget N] [--include-all] [--json]`: the
 * library's `buildContext` (constraints and definition of done inline,
 * start-here and relevant documents as links with their guidance), printed
 * as Markdown for a model, or as the context object in JSON with --json.
 */
import type { Command } from "commander";
import { addFilterFlags, filterFlags, readBudget, readFilters } from "../agent/flags.js";
import type { CliContext } from "../context.js";
import { addConnectionFlags, type ConnectionOptions } from "../retrieval/connect.js";
import { runVerb } from "../retrieval/run.js";

/** Kept here (not imported) so the CLI loads no agent code until the verb runs; a test checks they agree. */
export const CLI_DEFAULT_BUDGET = 32_000;

export function register(program: Command, ctx: CliContext): void {
  const filters = filterFlags();
  const command = program
    .command("context")
    .description(
      "What to read before a task: constraints and definition of done inline, start-here and relevant documents as links with when to follow them (buildContext from oddkit-sdk/agent)",
    )
    .argument("<task>", "The task, in words")
    .option("--budget <tokens>", `cl100k tokens for the inline documents (default ${CLI_DEFAULT_BUDGET})`)
    .option("--include-all", "Inline the suggested documents too, within the budget");
  addFilterFlags(command, filters);
  addConnectionFlags(command);
  command.action(async (task: string) => {
    const options = command.opts<Record<string, unknown> & ConnectionOptions & { json?: boolean }>();
    const { buildContext, renderContext } = await import("../../agent/index.js");
    await runVerb(ctx, {
      verb: "context",
      action: "preflight",
      connection: options,
      json: options.json === true,
      render: (result) => renderContext(result as never, "markdown"),
      prepare: () => {
        const budgetTokens = readBudget(options.budget, CLI_DEFAULT_BUDGET);
        const filterValues = readFilters(filters, options);
        const includeAll = options.includeAll === true;
        return (client) =>
          buildContext(client, task, {
            budgetTokens,
            includeAll,
            ...(Object.keys(filterValues).length > 0 ? { filters: filterValues } : {}),
          });
      },
    });
  });
}
