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
