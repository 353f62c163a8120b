// Lives beside the tracker rather than in src/errors/: it carries the tracker's event type,
// and src/errors/ imports nothing but the contract.
import { OddkitError } from "../errors/index.js";
import type { DeprecationEvent } from "./deprecation-event.js";

/** Thrown for every legacy use under `legacyPolicy: "error"`. */
export class LegacyUsageError extends OddkitError {
  override readonly name = "LegacyUsageError";
  constructor(readonly event: DeprecationEvent) {
    super(
      `${event.message} (legacyPolicy is "error"; set legacyPolicy: "warn" to allow it during the window)`,
    );
  }
}
