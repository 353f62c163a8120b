import { OddkitError } from "./oddkit-error.js";

/** The backward shim could not map a legacy path onto the contract server's catalog. */
export class PathProbeError extends OddkitError {
  override readonly name = "PathProbeError";
}
