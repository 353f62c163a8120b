/**
 * Plain tuples and constants with no zod: the two enumerations the action
 * table is built from (`actions.ts` ACTION_SPECS reads them, and the CLI's
 * `--help` reads ACTION_SPECS without paying for zod: src/cli/registry.ts),
 * and the kinds and the noindex exposure the corpus loader's document rules
 * read (`kinds.ts`; the folder load's worker threads import no zod).
 * `enums.ts` re-exports each beside its zod enum.
 */

/** The five retrieval actions. */
export const ACTIONS = ["search", "catalog", "get", "resolve", "preflight"] as const;

/** Disclosure flags, in canonical (cheapest-first) order. */
export const FLAGS = ["blockquote", "metadata", "summary", "body"] as const;

/** The fixed enumeration of document kinds; a knowledge base cannot add a sixth. */
export const KINDS = ["canon", "docs", "journals", "essays", "apocrypha"] as const;

/** Frontmatter `exposure` value that removes a document from the index entirely (legacy behaviour kept). */
export const NOINDEX_EXPOSURE = "noindex";
