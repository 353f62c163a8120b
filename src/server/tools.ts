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
  LEGACY_TOOLS,
  LegacyToolParamsSchemas,
  LegacyUnifiedParamsSchema,
  type ToolTable,
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

/** What a contract-mode tool runs: a retrieval action, or the version probe. */
export type ToolAction = Action | "version";

/**
 * Individual tool name → the action it runs in contract and window modes,
 * from the contract's tool table (one `oddkit_<action>` per row of
 * ACTION_SPECS) plus `oddkit_version`. Legacy mode publishes the 0.28.x
 * tools instead (LEGACY_TOOLS): the same names today, but an action the
 * contract adds has a contract tool only.
 */
export const TOOL_ACTIONS: Readonly<Record<string, ToolAction>> = {
  ...ACTION_TOOLS,
  [VERSION_TOOL]: "version",
};

/**
 * What the unified tool's `action` accepts in contract and window modes: the 0.28.x actions
 * (governance ones are refused as not implemented), then any retrieval action the contract added.
 */
export const UNIFIED_ACTIONS: readonly string[] = [
  ...LEGACY_ACTIONS,
  ...ACTIONS.filter((a) => !(LEGACY_ACTIONS as readonly string[]).includes(a)),
];

const isToolAction = (action: string): action is ToolAction =>
  action === "version" || (ACTIONS as readonly string[]).includes(action);

/** Contract and window modes' tools, for routing a call (`routeTool`). */
export const CONTRACT_TOOL_TABLE: ToolTable<ToolAction> = {
  unifiedActions: UNIFIED_ACTIONS,
  answers: isToolAction,
  tools: TOOL_ACTIONS,
};

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Tool descriptions: each action's from its row of ACTION_SPECS, and the version tool's. */
const DESCRIPTIONS: Record<ToolAction, string> = {
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
    action: { type: "string", enum: [...UNIFIED_ACTIONS], description: "Which action to perform." },
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
  if (mode === "legacy") {
    for (const [name, action] of Object.entries(LEGACY_TOOLS)) {
      const inputSchema = jsonSchemaOf(LegacyToolParamsSchemas[action]);
      tools.push({ name, description: DESCRIPTIONS[action], inputSchema, annotations: READ_ONLY });
    }
    return tools;
  }
  for (const [name, action] of Object.entries(TOOL_ACTIONS)) {
    if (action === "version") {
      const outputSchema = versionOutputJsonSchema();
      tools.push({
        name,
        description: DESCRIPTIONS[action],
        inputSchema: VERSION_SCHEMA,
        outputSchema,
        annotations: READ_ONLY,
      });
    } else {
      const inputSchema = inputJsonSchema(action);
      const outputSchema = outputJsonSchema(action, { legacyEnvelope: mode === "window" });
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
