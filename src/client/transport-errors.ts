/**
 * Map whatever the MCP transport or ky threw to the client's typed errors: timeouts
 * (ky's per-attempt timeout, the MCP request timeout), HTTP statuses,
 * JSON-RPC errors, and anything else as a transport failure.
 */
import { TimeoutError as KyTimeoutError } from "ky";
import {
  OddkitCallError,
  type OddkitErrorOptions,
  OddkitTimeoutError,
  OddkitTransportError,
} from "../errors/index.js";
import { HttpStatusError } from "./http-transport.js";
import { McpRpcError, RPC_ERROR } from "./mcp-client.js";
import { isPhaseFailure } from "./phases.js";

/** Map whatever the transport threw to the client's typed errors (already-typed errors pass through). */
export function toTransportError(
  error: unknown,
  options: OddkitErrorOptions,
  timeoutMs: number,
  /** The whole call's budget (every attempt and backoff), when it differs from the per-attempt timeout. */
  budgetMs: number = timeoutMs,
): OddkitCallError {
  if (error instanceof OddkitCallError) return error;
  const withCause = { ...options, cause: error };
  if (error instanceof KyTimeoutError)
    return new OddkitTimeoutError(timeoutMs, { ...withCause, phase: "headers" });
  if (error instanceof McpRpcError) {
    // A phase the client's fetch bounded (phases.ts): the message names it.
    if (isPhaseFailure(error.data)) {
      const { oddkit_phase: phase, detail, timeout_ms } = error.data;
      if (phase === "body")
        return new OddkitTimeoutError(timeout_ms, { ...withCause, phase: "body", detail });
      return new OddkitTransportError(`${options.action}: ${detail}`, { ...withCause, mcpCode: error.code });
    }
    if (error.code === RPC_ERROR.requestTimeout) {
      const detail =
        budgetMs === timeoutMs
          ? `got no answer within ${budgetMs} ms`
          : `got no answer within the call budget of ${budgetMs} ms (every attempt and backoff)`;
      return new OddkitTimeoutError(budgetMs, { ...withCause, phase: "budget", detail });
    }
    return new OddkitTransportError(`${options.action}: the MCP server refused the call: ${error.message}`, {
      ...withCause,
      mcpCode: error.code,
    });
  }
  if (error instanceof HttpStatusError) {
    const status = error.status > 0 ? error.status : undefined;
    return new OddkitTransportError(
      `${options.action}: HTTP ${status ?? "error"} from the server: ${error.message}`,
      { ...withCause, ...(status ? { status, response: { status } } : {}) },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  const cause = systemCause(error);
  return new OddkitTransportError(
    `${options.action}: the call failed before an answer arrived: ${message}${cause && !message.includes(cause) ? ` (${cause})` : ""}`,
    withCause,
  );
}

/** How deep to look through `cause` chains (undici nests the socket error two levels down). */
const MAX_CAUSE_DEPTH = 8;

/**
 * The system error under a failed fetch, as `CODE address:port` (e.g.
 * `ECONNREFUSED 127.0.0.1:8787`, `ENOTFOUND host`): undici's own message is
 * only "fetch failed", which names no cause.
 */
export function systemCause(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    const e = current as Error & {
      code?: unknown;
      address?: unknown;
      port?: unknown;
      hostname?: unknown;
      errors?: unknown;
    };
    if (typeof e.code === "string" && /^E[A-Z_]+$/.test(e.code)) {
      const host =
        typeof e.address === "string" ? e.address : typeof e.hostname === "string" ? e.hostname : null;
      const where = host === null ? "" : typeof e.port === "number" ? ` ${host}:${e.port}` : ` ${host}`;
      return `${e.code}${where}`;
    }
    // Happy-eyeballs failures (IPv4 and IPv6 both refused) arrive as an AggregateError.
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const inner = e.errors.map(systemCause).filter((c): c is string => c !== null);
      if (inner.length > 0) return inner.join(", ");
    }
    current = e.cause;
  }
  return null;
}
