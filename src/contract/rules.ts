/**
 * Request rules: resolved disclosure, permitted flags, the effective limit,
 * and one `validateRequest` that applies them in the order a server must:
 * flag permission, then parameter shapes, then the limit cap.
 */
import type * as z from "zod";
import { ACTION_SPECS } from "./actions.js";
import { DEFAULT_OFFSET, defaultLimitFor, type EffectiveCap, effectiveCap, REQUEST_BOUNDS } from "./caps.js";
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
  // Depth first, without recursion: a value nested thousands deep would overflow the schema's stack.
  const tooDeep = deepestParam(args as Record<string, unknown>, REQUEST_BOUNDS.maxParamDepth);
  if (tooDeep !== null) {
    return {
      ok: false,
      error: invalidParamsError(action, [
        {
          param: tooDeep,
          message: `nested deeper than ${REQUEST_BOUNDS.maxParamDepth} levels (maxParamDepth); pass a string or a list of strings`,
        },
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
  let parsed: ReturnType<(typeof RequestSchemas)[A]["safeParse"]>;
  try {
    parsed = RequestSchemas[action].safeParse(args) as typeof parsed;
  } catch (error) {
    // Never thrown at a caller: a value the schema cannot even inspect is an invalid parameter.
    return {
      ok: false,
      error: invalidParamsError(action, [
        {
          param: "(arguments)",
          message: `parameters could not be validated (${error instanceof Error ? error.message : String(error)}); pass plain JSON values`,
        },
      ]),
    };
  }
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

/**
 * The first top-level parameter whose value nests deeper than `max`
 * (objects and arrays count one level each), or null. Iterative: no stack
 * to overflow, and it stops at the first value past the bound.
 */
export function deepestParam(args: Record<string, unknown>, max: number): string | null {
  for (const [param, value] of Object.entries(args)) {
    const stack: [unknown, number][] = [[value, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop() as [unknown, number];
      if (typeof node !== "object" || node === null) continue;
      if (depth + 1 > max) return param;
      for (const child of Object.values(node)) stack.push([child, depth + 1]);
    }
  }
  return null;
}
