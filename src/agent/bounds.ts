/**
 * Checking the explicit bounds the agent functions take. A bound that is
 * missing or cannot be a bound is an error before anything is fetched: a
 * guessed default would be a silent cut of a different size.
 */
import { OddkitAgentOptionsError } from "./errors.js";

/** A count bound: a non-negative integer, or Infinity for "no count bound". */
export function checkMax(fn: string, value: unknown): number {
  if (value === Number.POSITIVE_INFINITY) return value;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new OddkitAgentOptionsError(
      fn,
      "max",
      `max must be a non-negative integer (or Infinity for no count bound); got ${JSON.stringify(value) ?? String(value)}.`,
    );
  }
  return value;
}

/** A token budget: a non-negative integer of cl100k tokens. */
export function checkBudget(fn: string, value: unknown, option = "budgetTokens"): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new OddkitAgentOptionsError(
      fn,
      option,
      `${option} must be a non-negative integer number of cl100k tokens; got ${JSON.stringify(value) ?? String(value)}.`,
    );
  }
  return value;
}

export const MAX_CONCURRENCY = 16;
export const DEFAULT_CONCURRENCY = 4;

/** Parallel fetches: an integer from 1 to MAX_CONCURRENCY (default DEFAULT_CONCURRENCY). */
export function checkConcurrency(fn: string, value: unknown): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new OddkitAgentOptionsError(
      fn,
      "concurrency",
      `concurrency must be an integer from 1 to ${MAX_CONCURRENCY}; got ${JSON.stringify(value) ?? String(value)}.`,
    );
  }
  return value;
}

/** A bound as JSON can carry it: Infinity becomes null ("unbounded"). */
export function boundJson(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
