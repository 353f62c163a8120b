import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/**
 * `get`/`resolve` of a URI that names no document (the server's `NOT_FOUND` envelope).
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitNotFoundError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   const page = await client.get({ uri: "klappy://writings/maybe-renamed" });
 *   console.log(page.data.body);
 * } catch (error) {
 *   if (!(error instanceof OddkitNotFoundError)) throw error;
 *   console.warn(`no document at ${error.uri}`); // render a 404
 * }
 * ```
 */
export class OddkitNotFoundError extends OddkitCallError {
  override readonly name = "OddkitNotFoundError";
  readonly code = "NOT_FOUND";
  readonly envelope: Readonly<Record<string, unknown>>;
  /** The URI that was not found. */
  readonly uri: string | undefined;

  constructor(envelope: Readonly<Record<string, unknown>>, options: OddkitErrorOptions) {
    const message =
      typeof envelope.error_message === "string" ? envelope.error_message : "document not found";
    super(`NOT_FOUND: ${message}`, options);
    this.envelope = envelope;
    this.uri = typeof envelope.uri === "string" ? envelope.uri : undefined;
  }
}
