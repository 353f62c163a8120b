/**
 * The client's error hierarchy: one base class, one subclass per cause.
 *
 * - `OddkitRequestError`: the request was refused, either by the contract core
 *   before anything was sent (`sent: false`) or by the server's error envelope.
 * - `OddkitNotFoundError`: the URI names no document (get/resolve).
 * - `OddkitContractViolationError`: the server answered, but the answer breaks
 *   the contract (the request succeeded, the data did not: a separate family
 *   from transport failures, as ky keeps `SchemaValidationError` apart).
 * - `OddkitTransportError`: HTTP or MCP failure (status when there is one).
 * - `OddkitTimeoutError`: no answer within the time budget.
 * - `OddkitPaginationError`: a paginated walk cannot stay exact.
 *
 * Every error carries the action, the request parameters (secrets redacted)
 * and, when the server answered, the response text and parsed envelope.
 */
import {
  type ComplianceViolation,
  type ErrorCode,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
} from "../contract/index.js";

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

export interface OddkitErrorOptions {
  readonly action: string;
  readonly request?: OddkitRequestInfo;
  readonly response?: OddkitResponseInfo;
  readonly cause?: unknown;
}

export class OddkitError extends Error {
  /** The action or tool the call was for (`catalog`, `version`, or a raw tool name). */
  readonly action: string;
  readonly request: OddkitRequestInfo | undefined;
  readonly response: OddkitResponseInfo | undefined;

  constructor(message: string, options: OddkitErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.action = options.action;
    this.request = options.request;
    this.response = options.response;
  }
}

/** A request the contract refuses: raised before the network (`sent: false`) or from the server's error envelope. */
export class OddkitRequestError extends OddkitError {
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

/** `get`/`resolve` of a URI that names no document (the server's `NOT_FOUND` envelope). */
export class OddkitNotFoundError extends OddkitError {
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

/** One way a response breaks the contract: a numbered check of the spec, or a schema mismatch. */
export interface ContractViolation {
  /**
   * The contract check (1–11), `"schema"` for a shape mismatch, `"size"` for an answer over
   * maxResponseBytes, `"verification"` when a re-read contradicts a listing (helpers/verify-public.ts).
   */
  readonly check: ComplianceViolation["check"] | "schema" | "size" | "verification";
  readonly reason: string;
  readonly evidence?: unknown;
}

/** The server answered, but its answer breaks the contract; nothing of it is returned. */
export class OddkitContractViolationError extends OddkitError {
  readonly violations: readonly ContractViolation[];

  constructor(violations: readonly ContractViolation[], options: OddkitErrorOptions) {
    const first = violations.slice(0, 3).map((v) => `[${String(v.check)}] ${v.reason}`);
    const more = violations.length > 3 ? ` (+${violations.length - 3} more)` : "";
    super(
      `server response to ${options.action} breaks the contract: ${first.join("; ")}${more}. The response was rejected; check the server version or report it to the server's operators.`,
      options,
    );
    this.violations = violations;
  }
}

/** HTTP or MCP failure: the request did not get a usable answer. */
export class OddkitTransportError extends OddkitError {
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

/** No answer within the budget (`timeoutMs` per attempt over HTTP, per call in memory). */
/** The phase of an HTTP exchange that ran out (client/phases.ts), or the whole call budget. */
export type TimeoutPhase = "headers" | "body" | "budget";

export class OddkitTimeoutError extends OddkitError {
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

/** Why a paginated walk stopped. */
export type PaginationFailure =
  | "total-changed"
  | "max-entries"
  | "duplicate-entry"
  | "short-page"
  | "restarts";

/** A paginated walk cannot stay exact (no entry is ever duplicated or skipped silently). */
export class OddkitPaginationError extends OddkitError {
  readonly reason: PaginationFailure;
  /** Offset of the page that revealed the problem. */
  readonly offset: number;
  /** Entries yielded before the walk stopped. */
  readonly yielded: number;

  constructor(
    message: string,
    options: OddkitErrorOptions & {
      readonly reason: PaginationFailure;
      readonly offset: number;
      readonly yielded: number;
    },
  ) {
    super(message, options);
    this.reason = options.reason;
    this.offset = options.offset;
    this.yielded = options.yielded;
  }
}

const SECRET_HEADER = /authorization|cookie|token|secret|api[-_]?key|password|session/i;

/** Header values safe to attach to errors and logs. */
export function redactHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    out[name] = SECRET_HEADER.test(name) ? "[redacted]" : value;
  }
  return out;
}

/** Endpoint URL without userinfo or secret-looking query parameters. */
export function redactUrl(url: URL | string): string {
  const u = new URL(String(url));
  u.username = "";
  u.password = "";
  for (const key of [...u.searchParams.keys()]) {
    if (SECRET_HEADER.test(key)) u.searchParams.set(key, "[redacted]");
  }
  return u.toString();
}
