/**
 * oddkit-sdk/internal: NOT a public API. The tables the separate codemod
 * package (`@oddkit-sdk/codemod`, codemods/) reads to rewrite legacy calls —
 * the use-case rows, the contract's field lists and defaults, the legacy
 * server's page sizes. They change whenever the contract or the helpers do,
 * with no semver promise; nothing in the docs imports them, and the public
 * surface test does not count them as the learnable surface.
 */
export { DEFAULT_LIMIT } from "../contract/caps.js";
export { FloorSchema, nativeFields } from "../contract/entries.js";
export { FILTER_NAMES, sameFilters } from "../contract/filters.js";
export { DEFAULT_INCLUDE } from "../contract/kinds.js";
export { LEGACY_RESULT_FIELDS, MANY_RESULT_FIELDS, ONE_RESULT_FIELDS } from "../contract/responses.js";
export { URI_SCHEME } from "../contract/uris.js";
export { LEGACY_OPT_IN_PARAM } from "../contract/window.js";
export {
  type AnyUseCaseRow,
  USE_CASE_ROWS,
  type UseCase,
  type UseCaseId,
  useCaseById,
} from "../helpers/use-cases.js";
export {
  LEGACY_CATALOG_DEFAULT_LIMIT,
  LEGACY_CATALOG_MAX_LIMIT,
  LEGACY_UNTAGGED_CATEGORY,
} from "../legacy/catalog.js";
export { LEGACY_SEARCH_MAX_HITS } from "../legacy/search.js";
