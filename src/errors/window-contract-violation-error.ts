import type { Action } from "../contract/index.js";
import { OddkitError } from "./oddkit-error.js";

/** The legacy opt-in widened or broke the contract part of a window response. */
export class WindowContractViolationError extends OddkitError {
  override readonly name = "WindowContractViolationError";
  constructor(
    readonly action: Action,
    readonly violations: readonly string[],
    readonly result: unknown,
  ) {
    super(
      `window response for '${action}' violates the contract: ${violations.join("; ")}. The legacy opt-in never widens disclosure; report this to the server's maintainers.`,
    );
  }
}
