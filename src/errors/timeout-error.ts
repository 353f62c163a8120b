import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/** No answer within the budget (`timeoutMs` per attempt over HTTP, per call in memory). */
export class OddkitTimeoutError extends OddkitCallError {
  override readonly name = "OddkitTimeoutError";
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options: OddkitErrorOptions) {
    super(
      `${options.action} got no answer within ${timeoutMs} ms. Raise timeoutMs, or check that the server is reachable.`,
      options,
    );
    this.timeoutMs = timeoutMs;
  }
}
