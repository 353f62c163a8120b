/**
 * The fetch handed to the MCP Streamable HTTP transport: `ky` underneath, for
 * a per-attempt timeout and bounded retries with exponential backoff + jitter.
 *
 * Only idempotent reads are retried: a `tools/call` of a retrieval tool or
 * `oddkit_version` (the JSON-RPC body says which), and the `initialize`
 * handshake that opens the session for them (a repeated handshake can at worst
 * leave an unused session to expire; without it a read would fail on a
 * transient 503 before it is even sent). Everything else (notifications,
 * other tools, session DELETE, the SSE GET) gets one attempt, because a retry
 * could repeat a side effect. 4xx answers other than 408/409/429 are never
 * retried; `Retry-After` is honoured on 429/503.
 *
 * After the last attempt the HTTP response is handed to the transport as is
 * (so it can see a 404 for an expired session, or a 503 body), never hidden.
 */
import ky, { HTTPError, type RetryOptions } from "ky";
import { ACTIONS } from "../contract/index.js";
import { toolName } from "./params.js";
import { watchPhases } from "./phases.js";

/** The fetch the MCP transport calls (URL + init). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The fetch a user may inject: ky always calls it with a `Request`, so the
 * global fetch and a server's Web handler (`(request) => Response`) both fit.
 */
export type RequestFetch = (request: Request, init?: RequestInit) => Promise<Response>;

/** Per-client retry policy (a subset of ky's, with this client's defaults). */
export interface ClientRetryOptions {
  /** Retries after the first attempt (default 2, so 3 attempts at most). 0 disables retries. */
  readonly limit?: number;
  /** Statuses retried (default 408, 409, 429, 500, 502, 503, 504). 4xx outside 408/409/429 are always refused. */
  readonly statusCodes?: readonly number[];
  /** Statuses whose `Retry-After` header sets the wait (default 429, 503). */
  readonly afterStatusCodes?: readonly number[];
  /** Longest wait a `Retry-After` can impose, in ms (default 10 000); longer ones are clamped to it. */
  readonly maxRetryAfter?: number;
  /** Cap on one backoff delay in ms (default 5 000). */
  readonly backoffLimit?: number;
  /** Base delay in ms of the exponential backoff (default 300: 300, 600, 1200, …). */
  readonly baseDelayMs?: number;
  /** Full jitter on backoff delays (default true). */
  readonly jitter?: boolean;
  /** Retry an attempt that timed out (default true, reads only). */
  readonly retryOnTimeout?: boolean;
}

/** The retry policy of reads over HTTP unless `OddkitClientOptions.retry` says otherwise. */
export const DEFAULT_RETRY = {
  limit: 2,
  statusCodes: [408, 409, 429, 500, 502, 503, 504],
  afterStatusCodes: [429, 503],
  maxRetryAfter: 10_000,
  backoffLimit: 5_000,
  baseDelayMs: 300,
  jitter: true,
  retryOnTimeout: true,
} as const satisfies Required<ClientRetryOptions>;

/** 4xx statuses that may ever be retried; any other 4xx is final. */
const RETRYABLE_4XX = new Set([408, 409, 429]);

export type ResolvedRetry = {
  -readonly [K in keyof ClientRetryOptions]-?: NonNullable<ClientRetryOptions[K]>;
};

export function resolveRetry(options: ClientRetryOptions | number | false | undefined): ResolvedRetry {
  if (options === false)
    return {
      ...DEFAULT_RETRY,
      statusCodes: [...DEFAULT_RETRY.statusCodes],
      afterStatusCodes: [...DEFAULT_RETRY.afterStatusCodes],
      limit: 0,
    };
  const given = typeof options === "number" ? { limit: options } : (options ?? {});
  const merged = { ...DEFAULT_RETRY, ...given };
  if (!Number.isInteger(merged.limit) || merged.limit < 0) {
    throw new TypeError(`retry.limit must be a non-negative integer, got ${String(merged.limit)}`);
  }
  return {
    ...merged,
    statusCodes: merged.statusCodes.filter((s) => s >= 500 || RETRYABLE_4XX.has(s)),
    afterStatusCodes: [...merged.afterStatusCodes],
  };
}

const READ_TOOLS = new Set<string>([...ACTIONS.map((a) => toolName(a)), toolName("version")]);

/** What a JSON-RPC body asks for: its method, and the tool for `tools/call`. */
function rpcOf(body: unknown): { method: string | null; tool: string | null } {
  const none = { method: null, tool: null };
  if (typeof body !== "string") return none;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return none;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return none;
  const m = message as { method?: unknown; params?: { name?: unknown } };
  const method = typeof m.method === "string" ? m.method : null;
  const tool = method === "tools/call" && typeof m.params?.name === "string" ? m.params.name : null;
  return { method, tool };
}

/** Is this JSON-RPC request safe to send twice: a read-only tool call, or the session handshake? */
function isIdempotentRead({ method, tool }: ReturnType<typeof rpcOf>): boolean {
  return method === "initialize" || (tool !== null && READ_TOOLS.has(tool));
}

export interface RetryEvent {
  /** The tool being retried (or `initialize` for the handshake). */
  readonly tool: string;
  /** 1 for the first retry. */
  readonly attempt: number;
  /** `HTTP 503`, `TimeoutError`, … */
  readonly reason: string;
}

export interface HttpFetchOptions {
  /** Fetch to call underneath (default: the global fetch, resolved at call time). */
  readonly fetch?: RequestFetch;
  /** Per-attempt timeout in ms. */
  readonly timeoutMs: number;
  readonly retry: ResolvedRetry;
  readonly onRetry?: (event: RetryEvent) => void;
}

/** Build the transport's fetch. */
export function createHttpFetch(options: HttpFetchOptions): FetchLike {
  const { retry, timeoutMs } = options;
  const baseFetch: RequestFetch = (request, init) => {
    const f: RequestFetch | undefined = options.fetch ?? globalThis.fetch;
    if (typeof f !== "function") {
      throw new TypeError(
        "no fetch implementation: this runtime has no global fetch; pass createOddkitClient({ fetch })",
      );
    }
    return f(request, init);
  };
  return async (input, init) => {
    const rpc = rpcOf(init?.body);
    const { method, tool } = rpc;
    const read = isIdempotentRead(rpc);
    const limit = read ? retry.limit : 0;
    const retryable = new Set(retry.statusCodes);
    const kyRetry: RetryOptions = {
      limit,
      methods: ["post", "get", "delete"],
      statusCodes: [...retry.statusCodes],
      afterStatusCodes: [...retry.afterStatusCodes],
      maxRetryAfter: retry.maxRetryAfter,
      backoffLimit: retry.backoffLimit,
      delay: (attempt) => retry.baseDelayMs * 2 ** (attempt - 1),
      jitter: retry.jitter,
      retryOnTimeout: read && retry.retryOnTimeout,
    };
    // When the attempt that answered began: its body must end within its timeout too (phases.ts).
    let attemptStartedAt = 0;
    try {
      const response = await ky(input instanceof Request ? input : String(input), {
        ...init,
        fetch: ((request: Request, requestInit?: RequestInit) => {
          attemptStartedAt = Date.now();
          return baseFetch(request, requestInit);
        }) as typeof fetch,
        timeout: timeoutMs,
        retry: kyRetry,
        // Throw (and so retry) only on statuses this call may retry; every other
        // status goes straight back to the transport, which knows what it means.
        throwHttpErrors: (status) => limit > 0 && retryable.has(status),
        hooks: {
          beforeRetry: [
            ({ error, retryCount }) => {
              const reason = error instanceof HTTPError ? `HTTP ${error.response.status}` : error.name;
              options.onRetry?.({ tool: tool ?? method ?? "(none)", attempt: retryCount, reason });
            },
          ],
        },
      });
      // Past the headers, each later phase (body, SSE event, reply id) is bounded too (phases.ts).
      return watchPhases(response, init?.body, timeoutMs, attemptStartedAt);
    } catch (error) {
      // Retries exhausted on a retryable status: let the transport read the last answer.
      if (error instanceof HTTPError) return error.response;
      throw error;
    }
  };
}
