/**
 * JSON Schema of each action's input, derived from the zod request schemas.
 * `disclosure` declares its `default` so that the default is part of the
 * published tool schema, never a hidden convention.
 */
import * as z from "zod";
import type { Action } from "./enums.js";
import { RequestSchemas } from "./requests.js";

export interface ToolInputJsonSchema {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
}

export function inputJsonSchema(action: Action): ToolInputJsonSchema {
  const schema = z.toJSONSchema(RequestSchemas[action], { io: "input" }) as Record<string, unknown>;
  delete schema.$schema;
  return schema as ToolInputJsonSchema;
}
