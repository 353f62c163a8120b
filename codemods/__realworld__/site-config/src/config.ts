// Site-wide configuration.
export const SITE_NAME = "klappy.dev";
export const ODDKIT_URL = "https://oddkit.klappy.dev/mcp?consumer=klappy.dev";
export const SEARCH_TOOL_LABEL = "oddkit_search";
export const PAGE_SIZE = 25;
