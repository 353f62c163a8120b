/**
 * Map whatever the MCP SDK or ky threw to the client's typed errors: timeouts
 * (ky's per-attempt timeout, the SDK's request timeout), HTTP statuses,
 * JSON-RPC errors, and anything else as a transport failure.
 */
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { TimeoutError as KyTimeoutError } from "ky";
import {
  OddkitCallError,
  type OddkitErrorOptions,
  OddkitTimeoutError,
  OddkitTransportError,
} from "../errors/index.js";

/** Map whatever the transport threw to the client's typed errors (already-typed errors pass through). */
export function toTransportError(
  error: unknown,
  options: OddkitErrorOptions,
  timeoutMs: number,
): OddkitCallError {
  if (error instanceof OddkitCallError) return error;
  const withCause = { ...options, cause: error };
  if (error instanceof KyTimeoutError) return new OddkitTimeoutError(timeoutMs, withCause);
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return new OddkitTimeoutError(timeoutMs, withCause);
    return new OddkitTransportError(`${options.action}: the MCP server refused the call: ${error.message}`, {
      ...withCause,
      mcpCode: error.code,
    });
  }
  if (error instanceof StreamableHTTPError) {
    const status = error.code !== undefined && error.code > 0 ? error.code : undefined;
    return new OddkitTransportError(
      `${options.action}: HTTP ${status ?? "error"} from the server: ${error.message}`,
      { ...withCause, ...(status ? { status, response: { status } } : {}) },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new OddkitTransportError(
    `${options.action}: the call failed before an answer arrived: ${message}`,
    withCause,
  );
}
