import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/** HTTP or MCP failure: the request did not get a usable answer. */
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
