/**
 * The kinds of legacy use the shims detect, and the codemod that rewrites
 * each one. Codemod names are the transforms shipped under `codemods/`
 * (test/shim/codemods.test.ts holds this table to TRANSFORM_NAMES), run by
 * `oddkit-sdk migrate --transforms <name>`.
 */

export const LEGACY_USE_CODEMODS = {
  /** The umbrella `oddkit` tool called with a retrieval `action`. */
  "umbrella-tool": "umbrella-to-action-tools",
  /** Legacy-only parameters (`include_metadata`, `filter_epoch`, `result_grouping`, `section`, …). */
  "legacy-params": "tool-parameters",
  /** Reading legacy response fields (`result.articles`, `result.hits`, `result.content`, …). */
  "legacy-response": "response-access",
  /** The fat catalog: every document with full frontmatter, category rollups, start_here. */
  "fat-catalog": "fat-catalog",
} as const;

/** How to run the codemod for a use (printed in every deprecation warning). */
export function codemodCommand(codemod: CodemodName): string {
  return `npx oddkit-sdk migrate --transforms ${codemod}`;
}

export type LegacyUseKind = keyof typeof LEGACY_USE_CODEMODS;
export type CodemodName = (typeof LEGACY_USE_CODEMODS)[LegacyUseKind];

export function codemodFor(kind: LegacyUseKind): CodemodName {
  return LEGACY_USE_CODEMODS[kind];
}
