/**
 * Request rules: resolved disclosure, permitted flags, the effective limit,
 * and one `validateRequest` that applies them in the order a server must:
 * flag permission, then parameter shapes, then the limit cap.
 */
import type * as z from "zod";
import { ACTION_SPECS } from "./actions.js";
import { DEFAULT_OFFSET, defaultLimitFor, type EffectiveCap, effectiveCap } from "./caps.js";
import { type Action, FLAGS, type Flag } from "./enums.js";
import {
  type ErrorEnvelope,
  flagNotPermittedError,
  invalidParamsError,
  limitExceedsCapError,
} from "./errors.js";
import { FILTER_NAMES, type FiltersApplied, filtersApplied, pickFilters } from "./filters.js";
import { type RequestParams, RequestSchemas } from "./requests.js";
import { LEGACY_OPT_IN_PARAM } from "./window.js";

export function permittedFlags(action: Action): readonly Flag[] {
  return ACTION_SPECS[action].permittedFlags;
}

export function isFlagPermitted(action: Action, flag: string): flag is Flag {
  return (permittedFlags(action) as readonly string[]).includes(flag);
}

/** The resolved disclosure: the caller's flags (deduplicated, canonical order) or the action's declared default. */
export function resolveDisclosure(action: Action, disclosure: readonly string[] | undefined): Flag[] {
  const chosen = disclosure ?? ACTION_SPECS[action].defaultDisclosure;
  return FLAGS.filter((f) => chosen.includes(f));
}

/** The cap in force for a request's disclosure. */
export function capFor(action: Action, disclosure: readonly string[] | undefined): EffectiveCap {
  return effectiveCap(resolveDisclosure(action, disclosure));
}

/** A request after validation, with every default resolved. */
export interface ResolvedRequest<A extends Action = Action> {
  readonly action: A;
  readonly params: RequestParams<A>;
  readonly disclosure: Flag[];
  /** Page size and offset (multi-result actions only; 1/0 for get/resolve). */
  readonly limit: number;
  readonly offset: number;
  readonly cap: EffectiveCap;
  /** The echo a compliant server returns as `filters_applied` (null for get/resolve). */
  readonly filtersApplied: FiltersApplied | null;
  readonly legacyEnvelope: boolean;
}

export type ValidationResult<A extends Action> =
  | { ok: true; request: ResolvedRequest<A> }
  | { ok: false; error: ErrorEnvelope };

function issuesOf(error: z.ZodError, action: Action): { param: string; message: string }[] {
  return error.issues.map((issue) => {
    const param = issue.path.length ? issue.path.join(".") : "(arguments)";
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys;
      const filterKeys = keys.filter((k) => (FILTER_NAMES as string[]).includes(k));
      const why =
        !ACTION_SPECS[action].filters && filterKeys.length
          ? `${action} takes a URI and accepts no filters (the URI is the selector); remove ${filterKeys.join(", ")}`
          : `unknown parameter${keys.length > 1 ? "s" : ""} ${keys.join(", ")}; remove ${keys.length > 1 ? "them" : "it"}`;
      return { param: keys.join(","), message: why };
    }
    return { param, message: issue.message };
  });
}

/**
 * Validate wire parameters for an action. Never throws: the failure is the
 * exact error envelope a compliant server would answer with.
 */
export function validateRequest<A extends Action>(action: A, raw: unknown): ValidationResult<A> {
  const args = raw ?? {};
  if (typeof args !== "object" || Array.isArray(args)) {
    return {
      ok: false,
      error: invalidParamsError(action, [
        { param: "(arguments)", message: "expected an object of parameters" },
      ]),
    };
  }
  // Flag permission is judged before shapes, so that a forbidden flag always
  // gets its own envelope (even when passed as a bare string instead of a list).
  for (const flag of requestedFlags(args as Record<string, unknown>)) {
    if (typeof flag === "string" && !isFlagPermitted(action, flag)) {
      return { ok: false, error: flagNotPermittedError(action, flag) };
    }
  }
  const parsed = RequestSchemas[action].safeParse(args);
  if (!parsed.success) {
    return { ok: false, error: invalidParamsError(action, issuesOf(parsed.error, action)) };
  }
  const params = parsed.data as RequestParams<A>;
  const resolved = resolveDisclosure(action, params.disclosure as string[]);
  const cap = effectiveCap(resolved);
  const many = ACTION_SPECS[action].many;
  const p = params as { limit?: number; offset?: number; [LEGACY_OPT_IN_PARAM]?: boolean };
  const limit = many ? (p.limit ?? defaultLimitFor(resolved)) : 1;
  if (many && limit > cap.max) {
    return { ok: false, error: limitExceedsCapError(limit, cap.max, cap.limitingFlag) };
  }
  return {
    ok: true,
    request: {
      action,
      params,
      disclosure: resolved,
      limit,
      offset: many ? (p.offset ?? DEFAULT_OFFSET) : 0,
      cap,
      filtersApplied: ACTION_SPECS[action].filters ? filtersApplied(pickFilters(params)) : null,
      legacyEnvelope: p[LEGACY_OPT_IN_PARAM] === true,
    },
  };
}

/** The disclosure values a request asked for, unvalidated: its `disclosure` list, or a bare string as one. */
export function requestedFlags(params: Record<string, unknown>): unknown[] {
  const d = params.disclosure;
  return Array.isArray(d) ? d : typeof d === "string" ? [d] : [];
}
