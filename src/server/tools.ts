/**
 * The tools the reference server registers, as the real server does: one
 * per retrieval action, `oddkit_version`, and the unified `oddkit` tool with
 * `action`. Contract and window modes publish the contract core's input
 * schemas (declared `default` on `disclosure`); legacy mode publishes the
 * 0.28.x parameters.
 */
import * as z from "zod";
import {
  ACTION_SPECS,
  ACTION_TOOLS,
  ACTIONS,
  type Action,
  FLAGS,
  type Flag,
  inputJsonSchema,
  narrowInputSchema,
  outputJsonSchema,
  type ToolInputJsonSchema,
  type ToolOutputJsonSchema,
  UNIFIED_TOOL,
  unifiedOutputJsonSchema,
  VERSION_TOOL,
  versionOutputJsonSchema,
} from "../contract/index.js";
import {
  LEGACY_ACTIONS,
  type LegacyRetrievalAction,
  LegacyToolParamsSchemas,
  LegacyUnifiedParamsSchema,
} from "../legacy/index.js";

export type ServerMode = "contract" | "legacy" | "window";
export const SERVER_MODES = ["contract", "legacy", "window"] as const satisfies readonly ServerMode[];

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ToolInputJsonSchema;
  /**
   * What a successful call returns as `structuredContent` (contract and window modes). Legacy
   * mode declares none, as the 0.28.x server did not.
   */
  readonly outputSchema?: ToolOutputJsonSchema;
  readonly annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

export { UNIFIED_TOOL, VERSION_TOOL };

/**
 * Individual tool name → the action it runs, from the contract's tool table
 * (one `oddkit_<action>` per row of ACTION_SPECS) plus `oddkit_version`: the
 * same tools in every mode (legacy mode publishes them with 0.28 parameters).
 */
export const TOOL_ACTIONS: Readonly<Record<string, LegacyRetrievalAction>> = {
  ...ACTION_TOOLS,
  [VERSION_TOOL]: "version",
};

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Tool descriptions: each action's from its row of ACTION_SPECS, and the version tool's. */
const DESCRIPTIONS: Record<LegacyRetrievalAction, string> = {
  ...(Object.fromEntries(ACTIONS.map((a) => [a, ACTION_SPECS[a].description])) as Record<Action, string>),
  version:
    "The server version and the knowledge base revision (a digest over every served document's content hash).",
};

function jsonSchemaOf(schema: z.ZodType): ToolInputJsonSchema {
  const json = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  delete json.$schema;
  return json as ToolInputJsonSchema;
}

const VERSION_SCHEMA: ToolInputJsonSchema = {
  type: "object",
  properties: { knowledge_base_url: { type: "string", description: "Accepted for compatibility; ignored." } },
  additionalProperties: false,
};

/**
 * The unified tool's schema in contract/window modes: `action` plus every
 * retrieval parameter. `disclosure` has no single default here (get/resolve
 * default to ["body"], the listings to []); each action's own tool declares it.
 */
function unifiedContractSchema(): ToolInputJsonSchema {
  const properties: Record<string, Record<string, unknown>> = {
    action: { type: "string", enum: [...LEGACY_ACTIONS], description: "Which action to perform." },
  };
  for (const action of ACTIONS) {
    for (const [key, value] of Object.entries(inputJsonSchema(action).properties)) {
      if (key in properties) continue;
      if (key === "disclosure") {
        const { default: _declared, ...rest } = value;
        const defaults = ACTIONS.map(
          (a) => `${a}: ${JSON.stringify(ACTION_SPECS[a].defaultDisclosure)}`,
        ).join(", ");
        properties[key] = { ...rest, description: `Disclosure flags. Defaults per action — ${defaults}.` };
      } else {
        properties[key] = value;
      }
    }
  }
  // `disclosure` here accepts every flag some action permits (get's `body` too); search still refuses it.
  const anyPermitted = FLAGS.filter((f) =>
    ACTIONS.some((a) => (ACTION_SPECS[a].permittedFlags as readonly Flag[]).includes(f)),
  );
  return narrowInputSchema(
    { type: "object", properties, required: ["action"], additionalProperties: false },
    anyPermitted,
  );
}

export function toolDefinitions(mode: ServerMode): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  if (mode === "legacy") {
    tools.push({
      name: UNIFIED_TOOL,
      description: `Unified oddkit tool: action is one of ${LEGACY_ACTIONS.join(", ")} (this reference server answers the retrieval actions and version).`,
      inputSchema: jsonSchemaOf(LegacyUnifiedParamsSchema),
      annotations: READ_ONLY,
    });
  } else {
    tools.push({
      name: UNIFIED_TOOL,
      description: `Unified oddkit tool: the retrieval actions (${ACTIONS.join(", ")}) and version, with the same parameters as their own tools.`,
      inputSchema: unifiedContractSchema(),
      outputSchema: unifiedOutputJsonSchema({ legacyEnvelope: mode === "window" }),
      annotations: READ_ONLY,
    });
  }
  for (const [name, action] of Object.entries(TOOL_ACTIONS)) {
    if (mode === "legacy") {
      const inputSchema = jsonSchemaOf(LegacyToolParamsSchemas[action]);
      tools.push({ name, description: DESCRIPTIONS[action], inputSchema, annotations: READ_ONLY });
    } else if (action === "version") {
      const outputSchema = versionOutputJsonSchema();
      tools.push({
        name,
        description: DESCRIPTIONS[action],
        inputSchema: VERSION_SCHEMA,
        outputSchema,
        annotations: READ_ONLY,
      });
    } else {
      const inputSchema = inputJsonSchema(action as Action);
      const outputSchema = outputJsonSchema(action as Action, { legacyEnvelope: mode === "window" });
      tools.push({
        name,
        description: DESCRIPTIONS[action],
        inputSchema,
        outputSchema,
        annotations: READ_ONLY,
      });
    }
  }
  return tools;
}
