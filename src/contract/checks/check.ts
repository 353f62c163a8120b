/**
 * What a verification check is: a numbered rule of the spec with its title
 * and a `run` that reports how one request/response pair breaks it. Check
 * files (`NN-<name>.ts`) each export one; `../checks/index.ts` lists them in
 * spec order and `checkCompliance` runs them in that order.
 */
import type { CheckContext } from "./context.js";

/** The spec's check numbers. */
export const CHECK_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export interface ComplianceViolation {
  readonly check: CheckId;
  readonly reason: string;
  /** The offending entry or field, when there is one. */
  readonly evidence?: unknown;
}

/** One verification check: its spec number, its title, and the rule run over a check context. */
export interface Check<I extends CheckId = CheckId> {
  readonly id: I;
  readonly title: string;
  /** The violations of this check in one request/response pair (none when it does not apply). */
  run(ctx: CheckContext): ComplianceViolation[];
}
