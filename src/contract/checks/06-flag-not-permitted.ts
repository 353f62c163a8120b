import type { Check } from "./check.js";
import { judgeRefusal } from "./refusal.js";

/** A flag the action does not allow gets exactly DISCLOSURE_FLAG_NOT_PERMITTED; a permitted one never does. */
export const flagNotPermitted: Check<6> = {
  id: 6,
  title: "A flag the action does not allow → DISCLOSURE_FLAG_NOT_PERMITTED",
  run: (ctx) => judgeRefusal(6, "DISCLOSURE_FLAG_NOT_PERMITTED", ctx),
};
