/**
 * What a 0.28.x server shows a client, for the tests that
 * check a legacy-mode server from the outside. The tool list is written out
 * from the spec rather than read from the server under test, so a tool the
 * server forgets to register fails; result fields come from the contract core.
 */
import { LEGACY_RESULT_FIELDS } from "../../src/contract/index.js";

/** The tools a 0.28.x server lists, sorted: the unified tool, the five retrieval tools and version. */
export const LEGACY_TOOL_NAMES = [
  "oddkit",
  "oddkit_catalog",
  "oddkit_get",
  "oddkit_preflight",
  "oddkit_resolve",
  "oddkit_search",
  "oddkit_version",
].sort();

/** The catalog fields that describe an article page, present only when `sort_by` asks for one. */
const CATALOG_PAGE_FIELDS: readonly string[] = ["articles", "pagination"];

/** The keys of a 0.28.x catalog result without `sort_by`, in order: the counts and rollups, no articles. */
export const LEGACY_CATALOG_SUMMARY_FIELDS = LEGACY_RESULT_FIELDS.catalog.filter(
  (field) => !CATALOG_PAGE_FIELDS.includes(field),
);
