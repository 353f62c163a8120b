/**
 * JSON Schema of what each tool returns as `structuredContent` (its MCP
 * `outputSchema`): the outer envelope every oddkit tool answers with, its
 * `result` the contract's result for the action at any permitted disclosure.
 * Derived from the same zod schemas the compliance checks use; only successful
 * answers carry structuredContent (an error envelope travels as text with
 * `isError`, as MCP clients expect).
 */
import * as z from "zod";
import { ACTION_SPECS } from "./actions.js";
import { anyDisclosureEntrySchema } from "./entries.js";
import { ACTIONS, type Action } from "./enums.js";
import { resultSchemaAround } from "./responses.js";

export interface ToolOutputJsonSchema {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
}

export interface OutputSchemaOptions {
  /** The server answers in the deprecation window: a result may carry the legacy fields beside the contract ones. */
  readonly legacyEnvelope?: boolean;
}

/** The `version` tool's result (outside the contract's actions, same outer envelope). */
export const VersionResultSchema = z.strictObject({
  server_version: z.string(),
  knowledge_base_revision: z.string(),
});

function actionResult(action: Action, legacyEnvelope: boolean): z.ZodType {
  return resultSchemaAround(
    action,
    anyDisclosureEntrySchema(action, ACTION_SPECS[action].permittedFlags),
    legacyEnvelope,
  );
}

function envelope(action: z.ZodType, result: z.ZodType): ToolOutputJsonSchema {
  const schema = z.object({
    action,
    result,
    server_time: z.string(),
    assistant_text: z.string(),
    state: z.unknown().optional(),
    debug: z.record(z.string(), z.unknown()).optional(),
  });
  const json = z.toJSONSchema(schema, { io: "output" }) as Record<string, unknown>;
  delete json.$schema;
  return json as ToolOutputJsonSchema;
}

/** outputSchema of one action's tool (`oddkit_search`, …). */
export function outputJsonSchema(action: Action, options: OutputSchemaOptions = {}): ToolOutputJsonSchema {
  return envelope(z.literal(action), actionResult(action, options.legacyEnvelope === true));
}

/** outputSchema of the `version` tool. */
export function versionOutputJsonSchema(): ToolOutputJsonSchema {
  return envelope(z.literal("version"), VersionResultSchema);
}

/** outputSchema of the unified `oddkit` tool: the answer of whichever action was asked. */
export function unifiedOutputJsonSchema(options: OutputSchemaOptions = {}): ToolOutputJsonSchema {
  const legacyEnvelope = options.legacyEnvelope === true;
  return envelope(
    z.enum([...ACTIONS, "version"]),
    z.union([...ACTIONS.map((a) => actionResult(a, legacyEnvelope)), VersionResultSchema]),
  );
}
