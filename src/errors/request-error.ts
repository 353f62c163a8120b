import { type ErrorCode, type ErrorEnvelope, ErrorEnvelopeSchema } from "../contract/index.js";
import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/**
 * A request the contract refuses: raised before the network (`sent: false`) or
 * from the server's error envelope. `is(code)` narrows the envelope to that
 * error's fields.
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitRequestError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   // blockquote caps a page at 200 entries: refused locally, nothing is sent.
 *   await client.catalog({ disclosure: ["blockquote"], limit: 300 });
 * } catch (error) {
 *   if (!(error instanceof OddkitRequestError)) throw error;
 *   if (error.is("LIMIT_EXCEEDS_FLAG_CAP")) console.error(error.sent, error.envelope.max_limit_for_active_flags); // false 200
 * }
 * ```
 */
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
