/**
 * The contract's 11 verification checks ("what complies means"), one a file,
 * in spec order. To add or change a rule, edit its file; `checkCompliance`
 * runs this list and nothing else.
 */
import { entryFields } from "./01-entry-fields.js";
import { filtersHonoured } from "./02-filters-honoured.js";
import { totalPrePagination } from "./03-total-pre-pagination.js";
import { noRollups } from "./04-no-rollups.js";
import { noBodyOnListings } from "./05-no-body-on-listings.js";
import { flagNotPermitted } from "./06-flag-not-permitted.js";
import { limitExceedsCap } from "./07-limit-exceeds-cap.js";
import { kindMembership } from "./08-kind-membership.js";
import { kindTwoTier } from "./09-kind-two-tier.js";
import { nativeFieldsPresent } from "./10-native-fields.js";
import { tokenReduction } from "./11-token-reduction.js";

/** The 11 verification checks in spec order; `checkCompliance` runs exactly these. */
export const CHECKS = [
  entryFields,
  filtersHonoured,
  totalPrePagination,
  noRollups,
  noBodyOnListings,
  flagNotPermitted,
  limitExceedsCap,
  kindMembership,
  kindTwoTier,
  nativeFieldsPresent,
  tokenReduction,
] as const;

export { BODY_FIELDS, forbidsBody } from "./05-no-body-on-listings.js";
export { checkTokenReduction, REQUIRED_TOKEN_REDUCTION } from "./11-token-reduction.js";
export { CHECK_IDS, type Check, type CheckId, type ComplianceViolation } from "./check.js";
export type { CheckContext } from "./context.js";
