/**
 * JSON Schema of each action's input, derived from the zod request schemas.
 * `disclosure` declares its `default` so that the default is part of the
 * published tool schema, never a hidden convention.
 *
 * The published schema is honest about what the action accepts: `disclosure`
 * lists only the flags the action permits, and `limit` declares the real
 * ceiling. The zod schemas themselves stay wider on purpose — a caller who
 * sends `body` to search gets the contract's FLAG_NOT_PERMITTED envelope
 * (and a too-large limit LIMIT_EXCEEDS_FLAG_CAP), not a generic schema error.
 */
import * as z from "zod";
import { ACTION_SPECS } from "./actions.js";
import { effectiveCap } from "./caps.js";
import { type Action, FLAGS, type Flag } from "./enums.js";
import { RequestSchemas } from "./requests.js";

export interface ToolInputJsonSchema {
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
}

/**
 * The largest `limit` any request may carry: the cap with no flag active. Each active flag can
 * only lower it (the description of `limit` names the per-flag caps).
 */
export const LIMIT_MAXIMUM = effectiveCap([]).max;

export function inputJsonSchema(action: Action): ToolInputJsonSchema {
  const schema = z.toJSONSchema(RequestSchemas[action], { io: "input" }) as Record<string, unknown>;
  delete schema.$schema;
  return narrowInputSchema(schema as ToolInputJsonSchema, ACTION_SPECS[action].permittedFlags);
}

/**
 * `disclosure.items.enum` → exactly `flags` (in canonical order), `limit.maximum` → LIMIT_MAXIMUM.
 * Exported for the unified tool, whose `disclosure` accepts the union of every action's flags.
 */
export function narrowInputSchema(schema: ToolInputJsonSchema, flags: readonly Flag[]): ToolInputJsonSchema {
  const properties = { ...schema.properties };
  const disclosure = properties.disclosure;
  if (disclosure) {
    const items = (disclosure.items ?? {}) as Record<string, unknown>;
    properties.disclosure = {
      ...disclosure,
      items: { ...items, enum: FLAGS.filter((f) => flags.includes(f)) },
    };
  }
  if (properties.limit) properties.limit = { ...properties.limit, maximum: LIMIT_MAXIMUM };
  return { ...schema, properties };
}
