/**
 * The migration engine as an MCP server: `migrate_plan`, `migrate_file`,
 * `migrate_check` and `explain_site`, each the function `oddkit-sdk migrate`
 * runs (plan, a dry run with decisions, `--check`), with an input and an
 * output schema. Every tool is read-only: texts sent are migrated in a
 * private scratch folder, a folder under the root is read and never written,
 * and nothing reaches the network (the plan's knowledge base is served in
 * memory). One engine run at a time in the process (engine-run.ts).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isOddkitError } from "oddkit-sdk";
import type { z } from "zod";
import { oneAtATime } from "./engine-run.js";
import { MCP_MAX_FILE_BYTES, MCP_MAX_FILES, MCP_MAX_TOTAL_BYTES } from "./limits.js";
import { explainSite, explainSiteInput, explainSiteOutput } from "./tools/explain-site.js";
import { migrateCheck, migrateCheckInput, migrateCheckOutput } from "./tools/migrate-check.js";
import { migrateFile, migrateFileInput, migrateFileOutput } from "./tools/migrate-file.js";
import { migratePlan, migratePlanInput, migratePlanOutput } from "./tools/migrate-plan.js";
import { codemodPackageVersion } from "./version.js";

export const MIGRATION_MCP_SERVER_NAME = "oddkit-sdk-migrate";

export interface MigrationMcpServerOptions {
  /** A folder the tools may read in place (`folder` inputs); without it, only sent texts are read. */
  readonly root?: string;
  /** The knowledge base `migrate_plan` measures effects on (a folder of markdown; default: the bundled sample). */
  readonly corpus?: string;
  /** serverInfo.version (default: the codemod package's). */
  readonly version?: string;
}

export const MIGRATION_TOOL_NAMES = [
  "migrate_plan",
  "migrate_file",
  "migrate_check",
  "explain_site",
] as const;

/** What each tool is for, as tools/list and AGENTS.md show it: its title and the description an agent acts on. */
export const MIGRATION_TOOLS: Readonly<
  Record<(typeof MIGRATION_TOOL_NAMES)[number], { readonly title: string; readonly description: string }>
> = {
  migrate_plan: {
    title: "Plan a migration",
    description:
      "Start here. Given the app's files (path + text) or a folder under the server's root, returns every legacy oddkit site, the migration decisions they need with each one's measured effect on the knowledge base (what `oddkit-sdk migrate --plan` answers), and what `--decide recommended` would do to each file. Take the decisions from here into migrate_file's `decisions`.",
  },
  migrate_file: {
    title: "Migrate one file",
    description:
      "Given one file's text (plus its neighbours' texts when a wrapper or a caller lives in another file) and the decisions taken, returns the rewritten text exactly as `oddkit-sdk migrate` would write it, the TODO(oddkit-migrate) markers left with their reasons, the open sites with what lifts each, and the no-new-errors gate's verdict. Writes nothing: write `text` (and every returned neighbour) to the repository yourself.",
  },
  migrate_check: {
    title: "Check for unmigrated sites",
    description:
      "The `oddkit-sdk migrate --check` gate over the given files (or a folder under the root): every oddkit site with its status; `passed` is true when no legacy site is left neither migrated nor marked. Run it on the migrated texts before committing.",
  },
  explain_site: {
    title: "Explain one site",
    description:
      "For one legacy site of a file (its line, or a marker's text), the contract rule that makes it legacy, the decision it waits on with its values, and the code it becomes with no decision and under each value (diff hunks). Use it to choose a decision or to move a marked site by hand.",
  },
};

const BOUNDS = `Bounds: at most ${MCP_MAX_FILES} files and ${MCP_MAX_TOTAL_BYTES} bytes per call, ${MCP_MAX_FILE_BYTES} bytes per file; paths relative, never leaving their folder.`;

/** A tool's answer: its structured result, and the same as JSON text for clients that read text only. */
function answer(result: Record<string, unknown>): CallToolResult {
  return { structuredContent: result, content: [{ type: "text", text: JSON.stringify(result, null, 2) }] };
}

/** A refused input or a failed run as a tool error the agent reads (the error's name says which). */
function refusal(error: unknown): CallToolResult {
  const text = isOddkitError(error)
    ? `${error.name}: ${error.message}`
    : `migrate failed: ${error instanceof Error ? error.message : String(error)}`;
  return { isError: true, content: [{ type: "text", text }] };
}

export function createMigrationMcpServer(options: MigrationMcpServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: MIGRATION_MCP_SERVER_NAME, version: options.version ?? codemodPackageVersion() },
    {
      instructions:
        "Migrate code that calls the legacy oddkit API to the retrieval disclosure contract. Rhythm: migrate_plan (which decisions the code needs and what each changes) → choose decisions (or 'recommended') → migrate_file per file (write its `text`, and any `neighbours` it returns, yourself) → migrate_check on the result (passes when no site is left unmigrated and unmarked). explain_site explains one marker. The tools never write files.",
    },
  );
  const tool = <I extends z.ZodObject, O extends z.ZodObject>(
    name: (typeof MIGRATION_TOOL_NAMES)[number],
    inputSchema: I,
    outputSchema: O,
    run: (input: z.infer<I>) => Promise<z.infer<O>>,
  ) =>
    server.registerTool(
      name,
      {
        title: MIGRATION_TOOLS[name].title,
        description: `${MIGRATION_TOOLS[name].description} ${BOUNDS}`,
        inputSchema,
        outputSchema,
        annotations: {
          title: MIGRATION_TOOLS[name].title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      (async (input: z.infer<I>) => {
        try {
          return answer(await oneAtATime(() => run(input)));
        } catch (error) {
          return refusal(error);
        }
        // The SDK types the callback from the schema's own type; over a generic schema it cannot tell.
      }) as never,
    );

  tool("migrate_plan", migratePlanInput, migratePlanOutput, (input) =>
    migratePlan(input, { root: options.root, corpus: options.corpus }),
  );
  tool("migrate_file", migrateFileInput, migrateFileOutput, migrateFile);
  tool("migrate_check", migrateCheckInput, migrateCheckOutput, (input) => migrateCheck(input, options.root));
  tool("explain_site", explainSiteInput, explainSiteOutput, explainSite);
  return server;
}
