/**
 * Named use-case helpers. Each function is generated from its row of
 * USE_CASES; these lines only give the generated functions their export names
 * (ES modules cannot export computed names). A test checks that every row is
 * exported here under its `functionName`.
 */
import { HELPERS } from "./functions.js";

export { HelperArgumentError } from "../errors/index.js";

export {
  type CollectedEntries,
  type CollectedMeta,
  type CollectOptions,
  collectAll,
  HELPER_MAX_ENTRIES,
  HELPER_MAX_RESTARTS,
  HELPER_PAGE_CONCURRENCY,
} from "./collect.js";
export {
  type FixedParam,
  fixedParams,
  HELPERS,
  type HelperClient,
  type HelperFlags,
  type HelperFunction,
  type HelperOverrides,
  type HelperResult,
  type Helpers,
  type InputArgs,
  isPublicRow,
  useCaseRequest,
} from "./functions.js";
export {
  type AnyUseCaseRow,
  type ApproxTokens,
  USE_CASE_ROWS,
  USE_CASES,
  type UseCase,
  type UseCaseFlags,
  type UseCaseFunctionName,
  type UseCaseId,
  type UseCaseInput,
  type UseCaseRow,
  useCaseById,
} from "./use-cases.js";

export {
  DEFAULT_VERIFY_SAMPLE,
  type Listing,
  type PublicFilters,
  type PublicVerificationOptions,
  verifiedPublic,
  verifyPublicEntries,
} from "./verify-public.js";

/**
 * The essays/articles index: every public essay with its blockquote, as one whole listing (catalog, `audience` and `exposure` public). Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getEssaysIndex } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data, total } = await getEssaysIndex(client);
 * for (const essay of data) console.log(essay.title, essay.blockquote);
 * ```
 */
export const getEssaysIndex = HELPERS.getEssaysIndex;
/**
 * The canon governance index: every canon document of tiers 1–2 with its metadata, as one whole listing. Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getCanonGovernanceIndex } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data } = await getCanonGovernanceIndex(client);
 * for (const doc of data) console.log(doc.uri, doc.metadata);
 * ```
 */
export const getCanonGovernanceIndex = HELPERS.getCanonGovernanceIndex;
/**
 * One notebook: every document under a path prefix with its blockquote, as one whole listing. Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getNotebook } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data } = await getNotebook(client, "writings/series/");
 * ```
 */
export const getNotebook = HELPERS.getNotebook;
/**
 * The sitemap / SEO crawl: every document's `uri` and `title` (no disclosure flags), as one whole listing. Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getSitemap } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data } = await getSitemap(client);
 * const urls = data.map((entry) => entry.uri);
 * ```
 */
export const getSitemap = HELPERS.getSitemap;
/**
 * Global search (⌘K, related documents, auto-linking): one ranked page with blockquote and metadata. Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, globalSearch } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data } = await globalSearch(client, "edge cache");
 * for (const hit of data) console.log(hit.score, hit.title, hit.snippet);
 * ```
 */
export const globalSearch = HELPERS.globalSearch;
/**
 * One essay page, server-rendered: the document's body by URI (get). Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getEssayPage } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const page = await getEssayPage(client, "klappy://writings/some-essay");
 * console.log(page.data.body);
 * ```
 */
export const getEssayPage = HELPERS.getEssayPage;
/**
 * The homepage start-here carousel (aspirational): every public `start_here` document with its blockquote. Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getStartHereCarousel } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data } = await getStartHereCarousel(client);
 * ```
 */
export const getStartHereCarousel = HELPERS.getStartHereCarousel;
/**
 * The operators' session history viewer (aspirational): the handoff journals with their blockquotes, as one whole listing. Generated from its USE_CASES row (docs/helpers.md).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getSessionHistory } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const { data } = await getSessionHistory(client);
 * ```
 */
export const getSessionHistory = HELPERS.getSessionHistory;
