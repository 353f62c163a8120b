// oddkit tool names used by this worker.
export const SEARCH_TOOL = "oddkit_search";
export const CATALOG_TOOL = "oddkit_catalog";
export const GET_TOOL = "oddkit_get";
