import type { ErrorEnvelope } from "../contract/index.js";
import { OddkitError } from "./oddkit-error.js";

/** A contract server refused a call the backward shim made on the legacy caller's behalf. */
export class ContractCallError extends OddkitError {
  override readonly name = "ContractCallError";
  constructor(
    readonly tool: string,
    readonly envelope: ErrorEnvelope | Record<string, unknown>,
  ) {
    super(
      `${tool} answered ${String(envelope.error_code ?? "an error")}: ${String(envelope.error_message ?? JSON.stringify(envelope))}`,
    );
  }
}
