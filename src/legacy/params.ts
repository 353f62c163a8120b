/**
 * The 0.28.x tool parameters: the unified `oddkit`
 * tool and the individual retrieval tools, as zod schemas. The reference
 * server publishes their JSON Schema in legacy mode and validates with them.
 */
import * as z from "zod";
import { toolNameFor, UNIFIED_TOOL, VERSION_TOOL } from "../contract/index.js";
import { LEGACY_CATALOG_DEFAULT_LIMIT, LEGACY_CATALOG_MAX_LIMIT } from "./catalog.js";

/** Every action of the unified legacy tool, retrieval or not. */
export const LEGACY_ACTIONS = [
  "orient",
  "challenge",
  "gate",
  "encode",
  "search",
  "get",
  "resolve",
  "audit",
  "catalog",
  "validate",
  "preflight",
  "version",
  "cleanup_storage",
] as const;
export type LegacyAction = (typeof LEGACY_ACTIONS)[number];

/** Actions the reference server answers (the rest are governance tools of the real server). */
export const LEGACY_RETRIEVAL_ACTIONS = [
  "search",
  "get",
  "resolve",
  "catalog",
  "preflight",
  "version",
] as const;
export type LegacyRetrievalAction = (typeof LEGACY_RETRIEVAL_ACTIONS)[number];

export function isLegacyRetrievalAction(action: string): action is LegacyRetrievalAction {
  return (LEGACY_RETRIEVAL_ACTIONS as readonly string[]).includes(action);
}

/**
 * Individual legacy tool name → the action it runs: the 0.28.x tools, one
 * `oddkit_<action>` per retrieval action, then `oddkit_version`. The table
 * legacy mode and the backward shim register and dispatch by. It lists the
 * tools a 0.28.x server had, not the contract's actions: an action the
 * contract adds has a contract tool only (src/server/tools.ts).
 */
export const LEGACY_TOOLS: Readonly<Record<string, LegacyRetrievalAction>> = {
  [toolNameFor("search")]: "search",
  [toolNameFor("catalog")]: "catalog",
  [toolNameFor("get")]: "get",
  [toolNameFor("resolve")]: "resolve",
  [toolNameFor("preflight")]: "preflight",
  [VERSION_TOOL]: "version",
};

const knowledgeBaseUrl = z.string().optional().describe("Optional GitHub repo URL for your knowledge base.");
const resultGrouping = z
  .enum(["merged", "overlay_first", "grouped"])
  .optional()
  .describe("How overlay and baseline results are ordered (search, preflight).");
const includeMetadata = z
  .boolean()
  .optional()
  .describe("When true, search/get responses include the full parsed frontmatter as metadata.");
const includeFullBaseline = z.boolean().optional().describe("Search-corpus boundary opt-in.");
const sortBy = z
  .enum(["date", "path"])
  .optional()
  .describe(
    "For catalog: 'date' newest first (documents with frontmatter), 'path' all documents alphabetically.",
  );
const limit = z
  .number()
  .min(1)
  .max(LEGACY_CATALOG_MAX_LIMIT)
  .optional()
  .describe(
    `For catalog with sort_by: default ${LEGACY_CATALOG_DEFAULT_LIMIT}, max ${LEGACY_CATALOG_MAX_LIMIT}.`,
  );
const offset = z.number().min(0).optional().describe("For catalog with sort_by: articles to skip.");
const filterEpoch = z
  .string()
  .optional()
  .describe("For catalog: keep articles whose frontmatter epoch equals this.");
const section = z.string().optional().describe("For get: only the named ## section.");

export const LegacyUnifiedParamsSchema = z.object({
  action: z.enum(LEGACY_ACTIONS).describe("Which action to perform."),
  input: z.string().describe("Primary input — query, URI, or task depending on action."),
  context: z.string().optional().describe("Optional supporting context."),
  mode: z.string().optional().describe("Optional mode hint."),
  knowledge_base_url: knowledgeBaseUrl,
  result_grouping: resultGrouping,
  include_metadata: includeMetadata,
  include_full_baseline: includeFullBaseline,
  section,
  sort_by: sortBy,
  limit,
  offset,
  filter_epoch: filterEpoch,
  include_governance_details: z.boolean().optional().describe("For encode only."),
  state: z.record(z.string(), z.unknown()).optional().describe("Optional client-side conversation state."),
});
export type LegacyUnifiedParams = z.infer<typeof LegacyUnifiedParamsSchema>;

/** Parameters of the individual legacy tools, by action. */
export const LegacyToolParamsSchemas = {
  search: z.object({
    input: z.string().describe("Natural language query or tags to search for."),
    knowledge_base_url: knowledgeBaseUrl,
    result_grouping: resultGrouping,
    include_metadata: includeMetadata,
    include_full_baseline: includeFullBaseline,
  }),
  get: z.object({
    input: z.string().describe("Canonical URI (e.g., klappy://canon/values/orientation)."),
    knowledge_base_url: knowledgeBaseUrl,
    include_metadata: includeMetadata,
    section,
  }),
  resolve: z.object({
    input: z.string().describe("Canonical URI to resolve (e.g., klappy://writings/some-slug)."),
    knowledge_base_url: knowledgeBaseUrl,
  }),
  catalog: z.object({
    knowledge_base_url: knowledgeBaseUrl,
    sort_by: sortBy,
    limit,
    offset,
    filter_epoch: filterEpoch,
    include_full_baseline: includeFullBaseline,
  }),
  preflight: z.object({
    input: z.string().describe("Description of what you're about to implement."),
    knowledge_base_url: knowledgeBaseUrl,
    result_grouping: resultGrouping,
    include_full_baseline: includeFullBaseline,
  }),
  version: z.object({ knowledge_base_url: knowledgeBaseUrl }),
} as const satisfies Record<LegacyRetrievalAction, z.ZodType>;

/** Parameters every legacy builder may read, whichever tool carried them. */
export type LegacyCallParams = Partial<Omit<LegacyUnifiedParams, "action">>;

/** Where a tool call goes, worded as the 0.28.x server refuses a bad one. */
export type ToolRoute<A extends string> =
  | { readonly ok: true; readonly action: A }
  /** A governance action of the unified tool: the caller refuses it in its own words. */
  | { readonly ok: false; readonly governance: string }
  | { readonly ok: false; readonly error: string; readonly assistantText: string };

/** Where a legacy tool call goes, worded as the 0.28.x server refuses a bad one. */
export type LegacyRoute = ToolRoute<LegacyRetrievalAction>;

/** A server's tools: what the unified tool's `action` may name, which of those it answers, and the individual tools. */
export interface ToolTable<A extends string> {
  /** Every action the unified tool accepts (answered or governance). */
  readonly unifiedActions: readonly string[];
  /** The unified tool's actions this server answers. */
  readonly answers: (action: string) => action is A;
  /** Individual tool name → the action it runs. */
  readonly tools: Readonly<Record<string, A>>;
}

/** The 0.28.x server's tools. */
export const LEGACY_TOOL_TABLE: ToolTable<LegacyRetrievalAction> = {
  unifiedActions: LEGACY_ACTIONS,
  answers: isLegacyRetrievalAction,
  tools: LEGACY_TOOLS,
};

/** The action a tool call runs by a server's tool table: `oddkit` with `args.action`, or an individual tool. */
export function routeTool<A extends string>(
  name: string,
  args: Record<string, unknown>,
  table: ToolTable<A>,
): ToolRoute<A> {
  if (name === UNIFIED_TOOL) {
    const action = typeof args.action === "string" ? args.action : "";
    if (!table.unifiedActions.includes(action)) {
      const shown = action || "(none)";
      const valid = table.unifiedActions.join(", ");
      return {
        ok: false,
        error: `Unknown action: ${shown}. Valid: ${valid}`,
        assistantText: `Unknown action: ${shown}. Valid actions: ${valid}`,
      };
    }
    return table.answers(action) ? { ok: true, action } : { ok: false, governance: action };
  }
  const action = Object.hasOwn(table.tools, name) ? table.tools[name] : undefined;
  if (action) return { ok: true, action };
  const error = `Unknown tool: ${name}. Tools: ${[UNIFIED_TOOL, ...Object.keys(table.tools)].join(", ")}.`;
  return { ok: false, error, assistantText: error };
}

/** The action a legacy tool call runs: `oddkit` with `args.action`, or an individual tool. */
export function legacyRoute(name: string, args: Record<string, unknown>): LegacyRoute {
  return routeTool(name, args, LEGACY_TOOL_TABLE);
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.map(String).join(".") || "(arguments)"}: ${i.message}`).join("; ");
}

/** Parse legacy arguments as the 0.28.x tool schemas do (unknown keys dropped, as its zod objects did). */
export function parseLegacyParams(
  name: string,
  action: LegacyRetrievalAction,
  args: Record<string, unknown>,
): { ok: true; params: LegacyCallParams } | { ok: false; error: string } {
  const schema: z.ZodType =
    name === UNIFIED_TOOL ? LegacyUnifiedParamsSchema : LegacyToolParamsSchemas[action];
  const parsed = schema.safeParse(args);
  if (!parsed.success)
    return { ok: false, error: `Invalid arguments for tool ${name}: ${issuesText(parsed.error)}` };
  return { ok: true, params: parsed.data as LegacyCallParams };
}
