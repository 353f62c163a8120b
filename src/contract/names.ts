/**
 * The two enumerations the action table is built from, as plain tuples with
 * no zod: `actions.ts` (ACTION_SPECS) reads them, and the CLI's `--help`
 * reads ACTION_SPECS without paying for zod (see src/cli/registry.ts).
 * `enums.ts` re-exports both beside their zod enums.
 */

/** The five retrieval actions. */
export const ACTIONS = ["search", "catalog", "get", "resolve", "preflight"] as const;

/** Disclosure flags, in canonical (cheapest-first) order. */
export const FLAGS = ["blockquote", "metadata", "summary", "body"] as const;
