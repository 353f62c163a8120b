import type { Check } from "./check.js";
import { judgeRefusal } from "./refusal.js";

/** A limit above the active cap gets exactly LIMIT_EXCEEDS_FLAG_CAP; one within it never does. */
export const limitExceedsCap: Check<7> = {
  id: 7,
  title: "A limit above the active cap → LIMIT_EXCEEDS_FLAG_CAP",
  run: (ctx) => judgeRefusal(7, "LIMIT_EXCEEDS_FLAG_CAP", ctx),
};
