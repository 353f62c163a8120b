import { OddkitError } from "./oddkit-error.js";

/** Thrown when a helper is called with a parameter its use case fixes (JavaScript callers, casts). */
export class HelperArgumentError extends OddkitError {
  override readonly name = "HelperArgumentError";
  constructor(
    readonly functionName: string,
    readonly param: string,
    message: string,
  ) {
    super(`${functionName}: ${message}`);
  }
}
