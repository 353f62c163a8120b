/**
 * The legacy (0.28.x) answers exactly as the reference server's legacy mode
 * builds them (src/legacy/), as types: what a tool that reads legacy code
 * (the codemods) names field by field. The `Legacy*Schema` parsers of this
 * entry accept more (loose objects); these are the exact shapes.
 */
export type { LegacyArticle, LegacyCatalogResult } from "../legacy/catalog.js";
export type { LegacyGetResult } from "../legacy/get.js";
export type { LegacyResolved, LegacyResolveResult } from "../legacy/resolve.js";
export type { LegacyHit, LegacySearchResult } from "../legacy/search.js";
