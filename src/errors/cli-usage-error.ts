import { OddkitError } from "./oddkit-error.js";

/** A command line the CLI cannot act on (exit code 2): the message names the flag and the fix. */
export class CliUsageError extends OddkitError {
  override readonly name = "CliUsageError";
}
