import { OddkitError } from "./oddkit-error.js";

/** A kind map file that cannot be read, parsed or validated. */
export class KindMapFileError extends OddkitError {
  override readonly name = "KindMapFileError";
  constructor(
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
