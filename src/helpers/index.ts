/**
 * Named use-case helpers. Each function is generated from its row of
 * USE_CASES; these lines only give the generated functions their export names
 * (ES modules cannot export computed names). A test checks that every row is
 * exported here under its `functionName`.
 */
import { HELPERS } from "./functions.js";

export {
  type CollectedEntries,
  type CollectOptions,
  collectAll,
  HELPER_MAX_ENTRIES,
  HELPER_MAX_RESTARTS,
  HELPER_PAGE_CONCURRENCY,
} from "./collect.js";
export {
  fixedParams,
  HELPERS,
  HelperArgumentError,
  type HelperClient,
  type HelperFlags,
  type HelperFunction,
  type HelperOverrides,
  type HelperResult,
  type Helpers,
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
  useCaseById,
} from "./use-cases.js";

export {
  DEFAULT_VERIFY_SAMPLE,
  type PublicVerificationOptions,
  verifiedPublic,
  verifyPublicEntries,
} from "./verify-public.js";

export const getEssaysIndex = HELPERS.getEssaysIndex;
export const getCanonGovernanceIndex = HELPERS.getCanonGovernanceIndex;
export const getNotebook = HELPERS.getNotebook;
export const getSitemap = HELPERS.getSitemap;
export const globalSearch = HELPERS.globalSearch;
export const getEssayPage = HELPERS.getEssayPage;
export const getStartHereCarousel = HELPERS.getStartHereCarousel;
export const getSessionHistory = HELPERS.getSessionHistory;
