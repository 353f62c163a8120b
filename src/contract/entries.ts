/**
 * Document entries: the floor (`uri`, `title`), the fields each disclosure
 * flag adds, and the action-native fields. Entry types are derived from
 * these schemas, parameterised by action and flags.
 */
import * as z from "zod";
import { type Action, FLAGS, type Flag, PreflightRoleSchema } from "./enums.js";

export const FloorSchema = z.strictObject({
  uri: z.string().min(1),
  title: z.string(),
});

/** The field each flag adds (named after the flag). Absent text is `null`, never omitted. */
export const FlagFieldSchemas = {
  blockquote: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  summary: z.string().nullable(),
  body: z.string(),
} as const satisfies Record<Flag, z.ZodType>;

export const SupersessionStepSchema = z.strictObject({
  uri: z.string(),
  superseded_at: z.string().optional(),
});

/** Action-native entry fields: always present, outside the disclosure axis. */
export const NativeFieldSchemas = {
  search: { score: z.number(), snippet: z.string() },
  catalog: { position: z.number().int().min(1) },
  preflight: { role: PreflightRoleSchema },
  get: { content_hash: z.string().min(1) },
  resolve: { content_hash: z.string().min(1), supersession_chain: z.array(SupersessionStepSchema) },
} as const satisfies Record<Action, Record<string, z.ZodType>>;

export function nativeFields(action: Action): string[] {
  return Object.keys(NativeFieldSchemas[action]);
}

/** The value each flag discloses, by flag: builders typed by it fail to compile when a flag is added. */
export type FlagFields = { [F in Flag]: z.infer<(typeof FlagFieldSchemas)[F]> };
/** The action-native fields of an entry of action `A`. */
export type NativeFields<A extends Action> = {
  [K in keyof (typeof NativeFieldSchemas)[A]]: (typeof NativeFieldSchemas)[A][K] extends z.ZodType
    ? z.infer<(typeof NativeFieldSchemas)[A][K]>
    : never;
};

/** An entry of action `A` at disclosure `F`: floor + native fields + exactly the fields of `F`. */
export type Entry<A extends Action, F extends Flag = never> = z.infer<typeof FloorSchema> &
  NativeFields<A> &
  Pick<FlagFields, F>;

/** Entry with every flag optional: what a consumer holds when disclosure is not known statically. */
export type AnyEntry<A extends Action> = z.infer<typeof FloorSchema> & NativeFields<A> & Partial<FlagFields>;

function buildEntrySchema(action: Action, flags: readonly Flag[]) {
  const shape: Record<string, z.ZodType> = { ...FloorSchema.shape, ...NativeFieldSchemas[action] };
  for (const flag of FLAGS) if (flags.includes(flag)) shape[flag] = FlagFieldSchemas[flag];
  return z.strictObject(shape);
}

/**
 * One schema per (action, flag set), built on first use: zod compiles an
 * object schema on its first parse, and the compliance check asks for the
 * entry schema on every response (zod schemas are immutable, so sharing is safe).
 */
const entrySchemas = new Map<string, ReturnType<typeof buildEntrySchema>>();

/** The strict zod schema of one entry for an action at a resolved disclosure. */
export function entrySchema(action: Action, flags: readonly Flag[]) {
  const key = `${action}:${FLAGS.filter((f) => flags.includes(f)).join(",")}`;
  let schema = entrySchemas.get(key);
  if (!schema) {
    schema = buildEntrySchema(action, flags);
    entrySchemas.set(key, schema);
  }
  return schema;
}

const entryListSchemas = new Map<string, z.ZodArray<ReturnType<typeof buildEntrySchema>>>();

/**
 * A list of entries of one action at one disclosure: what the compliance
 * checks parse a listing's entries with, once for the whole list (an issue's
 * path starts with the entry's index).
 */
export function entryListSchema(action: Action, flags: readonly Flag[]) {
  const key = `${action}:${FLAGS.filter((f) => flags.includes(f)).join(",")}`;
  let schema = entryListSchemas.get(key);
  if (!schema) {
    schema = z.array(entrySchema(action, flags));
    entryListSchemas.set(key, schema);
  }
  return schema;
}

/**
 * An entry at any disclosure the action permits: floor and native fields required, each
 * permitted flag's field optional, nothing else (the schema of `AnyEntry`). What a tool's
 * `outputSchema` declares, since one schema has to cover every `disclosure` a call may pass.
 */
export function anyDisclosureEntrySchema(action: Action, permitted: readonly Flag[]) {
  const shape: Record<string, z.ZodType> = { ...FloorSchema.shape, ...NativeFieldSchemas[action] };
  for (const flag of FLAGS) if (permitted.includes(flag)) shape[flag] = FlagFieldSchemas[flag].optional();
  return z.strictObject(shape);
}

/** Entry field names allowed for an action at a disclosure (check 1). */
export function allowedEntryFields(action: Action, flags: readonly Flag[]): string[] {
  return ["uri", "title", ...nativeFields(action), ...FLAGS.filter((f) => flags.includes(f))];
}

/** Keep only the fields a disclosure allows (for servers and shims building entries). */
export function projectEntry<A extends Action>(
  action: A,
  flags: readonly Flag[],
  full: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of allowedEntryFields(action, flags)) {
    if (key in full) out[key] = full[key];
  }
  return out;
}
