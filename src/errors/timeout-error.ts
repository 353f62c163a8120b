import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/** The phase of an HTTP exchange that ran out (client/phases.ts), or the whole call budget. */
export type TimeoutPhase = "headers" | "body" | "budget";

/**
 * No answer within the budget (`timeoutMs` per attempt over HTTP, per call in
 * memory); `phase` says what ran out.
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitTimeoutError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site", timeoutMs: 5_000 });
 * try {
 *   await client.search({ query: "edge cache" });
 * } catch (error) {
 *   if (!(error instanceof OddkitTimeoutError)) throw error;
 *   console.error(error.phase, error.timeoutMs); // e.g. "headers" 5000
 * }
 * ```
 */
export class OddkitTimeoutError extends OddkitCallError {
  override readonly name = "OddkitTimeoutError";
  readonly timeoutMs: number;
  /** Which phase ran out: no headers, a stalled body, or the whole call budget (every attempt). */
  readonly phase: TimeoutPhase;

  constructor(
    timeoutMs: number,
    options: OddkitErrorOptions & { readonly phase?: TimeoutPhase; readonly detail?: string },
  ) {
    const phase = options.phase ?? "budget";
    const detail =
      options.detail ??
      (phase === "headers"
        ? `got no response headers within ${timeoutMs} ms (headers phase)`
        : `got no answer within ${timeoutMs} ms`);
    super(`${options.action}: ${detail}. Raise timeoutMs, or check that the server is reachable.`, options);
    this.timeoutMs = timeoutMs;
    this.phase = phase;
  }
}
