import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/**
 * HTTP or MCP failure: the request did not get a usable answer (connection
 * refused, an HTTP error status after the retries, a JSON-RPC error). The
 * message names the cause, e.g. `ECONNREFUSED 127.0.0.1:8787`.
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitTransportError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   await client.catalog({ audience: "public", disclosure: ["blockquote"] });
 * } catch (error) {
 *   if (!(error instanceof OddkitTransportError)) throw error;
 *   console.error(error.status ?? error.mcpCode, error.message);
 * }
 * ```
 */
export class OddkitTransportError extends OddkitCallError {
  override readonly name = "OddkitTransportError";
  /** HTTP status, when the server answered with one. */
  readonly status: number | undefined;
  /** JSON-RPC error code, when the MCP layer reported one. */
  readonly mcpCode: number | undefined;

  constructor(
    message: string,
    options: OddkitErrorOptions & { readonly status?: number; readonly mcpCode?: number },
  ) {
    super(message, options);
    this.status = options.status;
    this.mcpCode = options.mcpCode;
  }
}
