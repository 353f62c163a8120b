import { type ErrorCode, type ErrorEnvelope, ErrorEnvelopeSchema } from "../contract/index.js";
import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/** A request the contract refuses: raised before the network (`sent: false`) or from the server's error envelope. */
export class OddkitRequestError extends OddkitCallError {
  override readonly name = "OddkitRequestError";
  /** The envelope's `error_code` (`DISCLOSURE_FLAG_NOT_PERMITTED`, `LIMIT_EXCEEDS_FLAG_CAP`, `INVALID_PARAMS`, …). */
  readonly code: string;
  /** Every field of the error envelope, exactly as the server sends (or would send) it. Narrow it with `is(code)`. */
  readonly envelope: Readonly<Record<string, unknown>>;
  /** False when the contract core refused the request locally and nothing was sent. */
  readonly sent: boolean;

  /**
   * Is this the contract error `code`, with an envelope of exactly its shape?
   * Narrows `envelope` to that error's fields (`max_limit_for_active_flags`, …).
   */
  is<C extends ErrorCode>(
    code: C,
  ): this is OddkitRequestError & { readonly envelope: Extract<ErrorEnvelope, { error_code: C }> } {
    return this.code === code && ErrorEnvelopeSchema.safeParse(this.envelope).success;
  }

  constructor(
    envelope: Readonly<Record<string, unknown>>,
    options: OddkitErrorOptions & { readonly sent: boolean },
  ) {
    const code = String(envelope.error_code ?? "UNKNOWN_ERROR");
    const message = typeof envelope.error_message === "string" ? envelope.error_message : code;
    super(`${code}: ${message}`, options);
    this.code = code;
    this.envelope = envelope;
    this.sent = options.sent;
  }
}
