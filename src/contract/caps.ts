/**
 * Disclosure flag caps: the maximum `limit` while a flag is active. The
 * smallest cap among the active flags governs.
 */
import { FLAGS, type Flag } from "./enums.js";

/** `limit` ceiling when no flag is active. */
export const NO_FLAG_CAP = 500;

export const FLAG_CAPS: Readonly<Record<Flag, number>> = {
  blockquote: 200,
  metadata: 100,
  summary: 25,
  body: 1,
};

/**
 * Bounds on the request itself (this project's rules; the spec sets none).
 * They keep a server's cost per request bounded and linear in the request:
 * a 49 KB query once cost 9 s and 1 GB of search, a 1 MB one ran a server
 * out of memory, a filter nested 10,000 deep overflowed the validator's stack.
 * A request past a bound is refused with INVALID_PARAMS naming the bound.
 */
export const REQUEST_BOUNDS = {
  /** Characters of `input` (search query, preflight task, get/resolve URI), after trimming. */
  maxInputChars: 2000,
  /** Terms (runs of letters and digits) in a search query or preflight task. */
  maxQueryTerms: 64,
  /** Nesting depth of any parameter value (a filter is at most a list of strings: depth 2). */
  maxParamDepth: 8,
} as const;

/** The terms of a query as the bound counts them: runs of letters and digits. */
export function queryTermCount(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/[\p{L}\p{N}]+/gu)) n++;
  return n;
}

/** `limit` when a multi-result request passes none (clamped to the active cap, see `defaultLimitFor`). */
export const DEFAULT_LIMIT = 25;
export const DEFAULT_OFFSET = 0;

export interface EffectiveCap {
  /** Maximum permitted `limit`. */
  readonly max: number;
  /** The flag whose cap governs, or null when no flag is active. */
  readonly limitingFlag: Flag | null;
}

/** The smallest cap among the active flags (ties go to the flag listed first in FLAGS). */
export function effectiveCap(flags: readonly Flag[]): EffectiveCap {
  let max = NO_FLAG_CAP;
  let limitingFlag: Flag | null = null;
  for (const flag of FLAGS) {
    if (flags.includes(flag) && FLAG_CAPS[flag] < max) {
      max = FLAG_CAPS[flag];
      limitingFlag = flag;
    }
  }
  return { max, limitingFlag };
}

/**
 * The page size of a multi-result request that passes no `limit`: DEFAULT_LIMIT,
 * or the active cap when that is smaller, so that a request without a `limit`
 * is never refused for a limit the caller did not choose. (With the contract's
 * caps every listing cap is at least DEFAULT_LIMIT, so this is DEFAULT_LIMIT.)
 */
export function defaultLimitFor(flags: readonly Flag[]): number {
  return Math.min(DEFAULT_LIMIT, effectiveCap(flags).max);
}

/** The caps as text, for descriptions and docs: "no flag 500, blockquote 200, …" (only `flags`, in canonical order). */
export function describeCaps(flags: readonly Flag[] = FLAGS): string {
  return [
    `no flag ${NO_FLAG_CAP}`,
    ...FLAGS.filter((f) => flags.includes(f)).map((f) => `${f} ${FLAG_CAPS[f]}`),
  ].join(", ");
}
