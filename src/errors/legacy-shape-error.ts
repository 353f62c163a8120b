import { OddkitError } from "./oddkit-error.js";

/** A legacy server answered with something the shim cannot read. */
export class LegacyShapeError extends OddkitError {
  override readonly name = "LegacyShapeError";
  constructor(
    message: string,
    readonly received: unknown,
  ) {
    super(message);
  }
}
