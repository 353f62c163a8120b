/**
 * `oddkit-sdk search <query> --grouped`: the library's `searchGrouped` with
 * the search verb's flags, printed as one table per kind (or the result as
 * JSON with --json). Loaded only when --grouped is given.
 */
import type { GroupedSearch } from "../../agent/index.js";
import type { CliContext } from "../context.js";
import type { ConnectionOptions } from "../retrieval/connect.js";
import { runVerb } from "../retrieval/run.js";
import { renderTable } from "../retrieval/table.js";

export interface GroupedSearchRun {
  readonly connection: ConnectionOptions;
  readonly json: boolean;
  /** The search request from the verb's flags and argument (may throw CliUsageError). */
  readonly params: () => Record<string, unknown>;
}

export function renderGrouped(result: GroupedSearch): string {
  const parts = [
    `grouped search "${result.query}": one ranked list per kind (${result.kinds.join(", ")}); scores are comparable only within a group\n`,
  ];
  for (const group of result.groups) {
    const label =
      group.server === undefined ? `kind ${group.kind}` : `server ${group.server} · kind ${group.kind}`;
    parts.push(`\n== ${label} ==\n`);
    parts.push(renderTable({ action: "search", result: group as unknown as Record<string, unknown> }));
  }
  return parts.join("");
}

export async function runGroupedSearch(ctx: CliContext, run: GroupedSearchRun): Promise<void> {
  await runVerb(ctx, {
    verb: "search --grouped",
    action: "search",
    connection: run.connection,
    json: run.json,
    render: (result) => renderGrouped(result as unknown as GroupedSearch),
    prepare: () => {
      const params = run.params();
      return async (client) => {
        const { searchGrouped } = await import("../../agent/index.js");
        return searchGrouped(client, params as { query: string });
      };
    },
  });
}
