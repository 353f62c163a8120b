/**
 * The legacy envelope window: callers opt in with `include_legacy_envelope:
 * true` from the contract's landing version N; the opt-in is removed at N+2
 * minor versions, or N+3 when a consumer migration spans more than one minor.
 * (Where the legacy fields go is this project's choice: LEGACY_RESULT_FIELDS.)
 */

/** The request parameter of the opt-in. */
export const LEGACY_OPT_IN_PARAM = "include_legacy_envelope" as const;
/** Minor versions after N at which the opt-in is removed. */
export const LEGACY_WINDOW_MINORS = 2;
/** The longest the window may run, when a consumer migration spans more than one minor. */
export const LEGACY_WINDOW_MAX_MINORS = 3;
