/**
 * The base of the client's call errors: every failure of one call carries
 * the action, the request (secrets redacted) and, when the server answered,
 * the response text and parsed envelope.
 */
import { OddkitError } from "./oddkit-error.js";

/** What was asked: safe to log (header values that look like secrets are redacted). */
export interface OddkitRequestInfo {
  /** The tool called (`oddkit_search`, …). */
  readonly tool: string;
  /** Wire parameters as sent (or as they would have been sent). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Endpoint URL without credentials, or `"in-memory"` for an embedded server. */
  readonly endpoint?: string;
  /** Request headers the client adds, secrets redacted. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What came back, when anything did. */
export interface OddkitResponseInfo {
  /** The tool result's text as received (possibly large; not truncated). */
  readonly text?: string;
  /** The parsed JSON envelope, when the text parsed. */
  readonly envelope?: unknown;
  /** HTTP status, when the failure happened at the HTTP layer. */
  readonly status?: number;
}

/** What every call error is built from: the action, what was sent, what came back, and the underlying cause. */
export interface OddkitErrorOptions {
  readonly action: string;
  readonly request?: OddkitRequestInfo;
  readonly response?: OddkitResponseInfo;
  readonly cause?: unknown;
}

/**
 * One failed client call: the parent of every error an action, `version` or
 * `callTool` throws, carrying what was sent (`request`, secrets redacted) and,
 * when the server answered, what came back (`response`).
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitCallError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   await client.get({ uri: "klappy://canon/missing" });
 * } catch (error) {
 *   if (error instanceof OddkitCallError) console.error(error.action, error.request?.tool, error.message);
 *   else throw error;
 * }
 * ```
 */
export class OddkitCallError extends OddkitError {
  override readonly name: string = "OddkitCallError";
  /** The action or tool the call was for (`catalog`, `version`, or a raw tool name). */
  readonly action: string;
  readonly request: OddkitRequestInfo | undefined;
  readonly response: OddkitResponseInfo | undefined;

  constructor(message: string, options: OddkitErrorOptions) {
    super(message, options);
    this.action = options.action;
    this.request = options.request;
    this.response = options.response;
  }
}
