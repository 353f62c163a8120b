import { OddkitError } from "./oddkit-error.js";

/** A server version (or override) from which no contract era can be told. */
export class EraDetectionError extends OddkitError {
  override readonly name = "EraDetectionError";
}
