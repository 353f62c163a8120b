/**
 * Error envelopes. The two contract errors carry exactly the fields and the
 * message wording of the spec; the supplementary ones (invalid parameters,
 * not found, broken supersession) follow the same shape so that clients map
 * every error to a typed exception with all its fields.
 */
import * as z from "zod";
import { ACTION_SPECS } from "./actions.js";
import { type Action, ActionSchema, FLAGS, type Flag, FlagSchema } from "./enums.js";

export const ERROR_CODES = [
  "DISCLOSURE_FLAG_NOT_PERMITTED",
  "LIMIT_EXCEEDS_FLAG_CAP",
  "INVALID_PARAMS",
  "NOT_FOUND",
  "CIRCULAR_SUPERSESSION",
  "DANGLING_SUPERSESSION",
] as const;
/** The `error_code` of an error envelope: the two contract errors and the supplementary ones. */
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FlagNotPermittedErrorSchema = z.strictObject({
  status: z.literal("ERROR"),
  error_code: z.literal("DISCLOSURE_FLAG_NOT_PERMITTED"),
  error_message: z.string(),
  requested_flag: z.string(),
  permitted_flags: z.array(FlagSchema),
  action: ActionSchema,
});
export type FlagNotPermittedError = z.infer<typeof FlagNotPermittedErrorSchema>;

export const LimitExceedsCapErrorSchema = z.strictObject({
  status: z.literal("ERROR"),
  error_code: z.literal("LIMIT_EXCEEDS_FLAG_CAP"),
  error_message: z.string(),
  max_limit_for_active_flags: z.number().int(),
  limiting_flag: FlagSchema.nullable(),
  requested_limit: z.number(),
});
export type LimitExceedsCapError = z.infer<typeof LimitExceedsCapErrorSchema>;

export const InvalidParamsErrorSchema = z.strictObject({
  status: z.literal("ERROR"),
  error_code: z.literal("INVALID_PARAMS"),
  error_message: z.string(),
  action: ActionSchema,
  issues: z.array(z.strictObject({ param: z.string(), message: z.string() })),
});
export type InvalidParamsError = z.infer<typeof InvalidParamsErrorSchema>;

export const NotFoundErrorSchema = z.strictObject({
  status: z.literal("NOT_FOUND"),
  error_code: z.literal("NOT_FOUND"),
  error_message: z.string(),
  action: ActionSchema,
  uri: z.string(),
});
export type NotFoundError = z.infer<typeof NotFoundErrorSchema>;

export const SupersessionErrorSchema = z.strictObject({
  status: z.literal("ERROR"),
  error_code: z.enum(["CIRCULAR_SUPERSESSION", "DANGLING_SUPERSESSION"]),
  error_message: z.string(),
  action: z.literal("resolve"),
  uri: z.string(),
  supersession_chain: z.array(z.strictObject({ uri: z.string(), superseded_at: z.string().optional() })),
});
export type SupersessionError = z.infer<typeof SupersessionErrorSchema>;

export const ErrorEnvelopeSchema = z.discriminatedUnion("error_code", [
  FlagNotPermittedErrorSchema,
  LimitExceedsCapErrorSchema,
  InvalidParamsErrorSchema,
  NotFoundErrorSchema,
  SupersessionErrorSchema,
]);
/** An error answer, one shape per `error_code` (narrow on it, or with `OddkitRequestError.is(code)`). */
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function flagNotPermittedError(action: Action, requestedFlag: string): FlagNotPermittedError {
  const permitted = [...ACTION_SPECS[action].permittedFlags] as Flag[];
  const hint =
    requestedFlag === "body"
      ? "Use get with a URI for full-body retrieval."
      : (FLAGS as readonly string[]).includes(requestedFlag)
        ? `'${requestedFlag}' is a disclosure flag, but not of this action.`
        : `'${requestedFlag}' is not a disclosure flag at all (flags are ${FLAGS.join(", ")}).`;
  return {
    status: "ERROR",
    error_code: "DISCLOSURE_FLAG_NOT_PERMITTED",
    error_message: `disclosure flag '${requestedFlag}' is not permitted on action '${action}'. ${hint} Permitted flags on ${action}: ${permitted.join(", ")}.`,
    requested_flag: requestedFlag,
    permitted_flags: permitted,
    action,
  };
}

export function limitExceedsCapError(
  requestedLimit: number,
  max: number,
  limitingFlag: Flag | null,
): LimitExceedsCapError {
  const message =
    limitingFlag === null
      ? `limit ${requestedLimit} exceeds the maximum ${max} for a response without disclosure flags. Paginate with offset.`
      : `limit ${requestedLimit} exceeds the maximum ${max} for disclosure flag '${limitingFlag}'. Paginate with offset, or remove the '${limitingFlag}' flag.`;
  return {
    status: "ERROR",
    error_code: "LIMIT_EXCEEDS_FLAG_CAP",
    error_message: message,
    max_limit_for_active_flags: max,
    limiting_flag: limitingFlag,
    requested_limit: requestedLimit,
  };
}

export function invalidParamsError(
  action: Action,
  issues: { param: string; message: string }[],
): InvalidParamsError {
  const listed = issues.map((i) => `${i.param}: ${i.message}`).join("; ");
  return {
    status: "ERROR",
    error_code: "INVALID_PARAMS",
    error_message: `invalid parameters for action '${action}': ${listed}.`,
    action,
    issues,
  };
}

export function notFoundError(action: Action, uri: string): NotFoundError {
  return {
    status: "NOT_FOUND",
    error_code: "NOT_FOUND",
    error_message: `no document found for '${uri}'. Use search or catalog to find the URI of an existing document.`,
    action,
    uri,
  };
}

export function supersessionError(
  kind: "CIRCULAR_SUPERSESSION" | "DANGLING_SUPERSESSION",
  uri: string,
  chain: { uri: string; superseded_at?: string }[],
): SupersessionError {
  const steps = chain.map((s) => s.uri).join(" → ");
  const message =
    kind === "CIRCULAR_SUPERSESSION"
      ? `superseded_by chain from '${uri}' loops (${steps}). Fix the superseded_by fields so the chain ends.`
      : `superseded_by chain from '${uri}' points to a document that does not exist (${steps}). Fix the last superseded_by target.`;
  return {
    status: "ERROR",
    error_code: kind,
    error_message: message,
    action: "resolve",
    uri,
    supersession_chain: chain,
  };
}

export function isErrorEnvelope(result: unknown): result is ErrorEnvelope {
  return (
    typeof result === "object" &&
    result !== null &&
    typeof (result as { error_code?: unknown }).error_code === "string" &&
    ((result as { status?: unknown }).status === "ERROR" ||
      (result as { status?: unknown }).status === "NOT_FOUND")
  );
}
