/**
 * createOddkitClient: the typed client. Each action call goes
 *
 *   friendly params → wire params → contract check (nothing sent on refusal)
 *   → cache (fresh / shared in-flight / revalidated) → MCP tools/call
 *   → fail-closed validation → result + meta (bytes, tokens, timing)
 *
 * and reports the same meta to `onEvent`.
 */

import {
  ACTIONS,
  type Action,
  invalidParamsError,
  isPublicRequest,
  MANY_ACTIONS,
  type ManyAction,
  PUBLIC_FILTER_RULE,
  pickFilters,
  validateRequest,
} from "../contract/index.js";
import {
  type OddkitErrorOptions,
  OddkitRequestError,
  type OddkitRequestInfo,
  OddkitTimeoutError,
  OddkitTransportError,
} from "../errors/index.js";
import { type AnswerCall, type AnswerStrategy, registerComposer } from "./answer.js";
import { type CacheOptions, type FetchedText, ResultCache } from "./cache/layer.js";
import type { CacheRecord } from "./cache/store.js";
import {
  type CollectionRequest,
  type CollectionSource,
  collectionSources,
  pageTotals,
  type StoredPages,
} from "./collections.js";
import { endpointUrl, stripConsumer } from "./endpoint.js";
import { type ClientRetryOptions, createHttpFetch, type RequestFetch, resolveRetry } from "./http.js";
import { withLazyBytes } from "./lazy-bytes.js";
import { paginateEntries } from "./paginate.js";
import { toolName, toWireParams } from "./params.js";
import { redactHeaders, redactUrl } from "./redact.js";
import { parseVersion } from "./server-version.js";
import { type InMemoryServer, McpSession } from "./session.js";
import { toTransportError } from "./transport-errors.js";
import type {
  CallOptions,
  ClientEvent,
  OddkitActions,
  OddkitClient,
  PaginateOptions,
  ResultMeta,
  ServerVersion,
} from "./types.js";
import { readToolResult, throwIfErrorEnvelope, validateToolResult } from "./validate.js";

/** Options of `createOddkitClient`: where the server is (`url` or `server`), and how calls are made, cached and counted. */
export interface OddkitClientOptions {
  /** MCP endpoint of an oddkit server (`https://host/mcp`). Give either `url` or `server`. */
  readonly url?: string | URL;
  /** An embedded server (e.g. `createReferenceServer(...)`), reached through an in-memory transport. */
  readonly server?: InMemoryServer;
  /** Fetch used under ky for HTTP (default: the global fetch); called with a Request, so a Web handler fits. */
  readonly fetch?: RequestFetch;
  /** Headers sent with every HTTP request (e.g. authorization); redacted in errors. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Consumer label: `?consumer=<label>` on the URL and the MCP clientInfo.name. */
  readonly consumer?: string;
  /** Per-attempt timeout over HTTP, per call in memory (default 30 000 ms). */
  readonly timeoutMs?: number;
  /** Retry policy for idempotent reads over HTTP (number = limit; false = no retries). */
  readonly retry?: ClientRetryOptions | number | false;
  /** Result cache: true (default, in-memory LRU), false (off), or options. */
  readonly cache?: boolean | CacheOptions;
  /** Largest tool result text accepted, in UTF-8 bytes (default 2 MiB). */
  readonly maxResponseBytes?: number;
  /**
   * Token counting of each result (`meta.tokens`): off by default (null), so
   * no tokenizer is bundled. Opt in with a counter, e.g. `cl100kTokens` from
   * `oddkit-sdk/tokens`.
   */
  readonly countTokens?: false | ((text: string) => number | Promise<number>);
  /** Telemetry: one event per call, cache hit, revalidation, retry and error. */
  readonly onEvent?: (event: ClientEvent) => void;
  /**
   * Guard for public renderers: refuse (before sending) any `catalog` call
   * that passes neither `exposure: "public"` nor `audience: "public"`. The
   * contract requires public pages to filter that way; with this on, a
   * forgotten or overridden filter is an OddkitRequestError instead of
   * nav-only documents on a public page. Default false.
   */
  readonly requirePublic?: boolean;
}

/** Default budget of one call, in milliseconds (`OddkitClientOptions.timeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default ceiling on one response body, in bytes (`OddkitClientOptions.maxResponseBytes`): a larger answer fails closed. */
export const DEFAULT_MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const DEFAULT_CLIENT_NAME = "oddkit-sdk";

type Json = Record<string, unknown>;

interface Fetched {
  readonly text: string;
  readonly tokens: number | null;
  readonly envelope: Json;
}

const clock = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

/**
 * A typed client of an oddkit server: one method per retrieval action, each request validated
 * before it is sent and each answer validated against the contract after (fail closed), entry
 * types following the disclosure literal. Pass `url` for a live server or `server` for an
 * in-memory reference server.
 *
 * @example
 * ```ts
 * import { createOddkitClient } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const page = await client.catalog({ audience: "public", disclosure: ["blockquote"], limit: 100 });
 * console.log(page.total, page.data[0]?.blockquote, page.meta.bytes);
 * await client.close();
 * ```
 */
export function createOddkitClient(options: OddkitClientOptions): OddkitClient {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("createOddkitClient needs options: { url } or { server }");
  }
  const { server, consumer } = options;
  if ((options.url === undefined) === (server === undefined)) {
    throw new TypeError(
      "createOddkitClient needs exactly one of `url` (an oddkit MCP endpoint) or `server` (an embedded server)",
    );
  }
  if (server !== undefined && typeof server.connectInMemory !== "function") {
    throw new TypeError(
      "createOddkitClient: `server` must have connectInMemory() (e.g. createReferenceServer())",
    );
  }
  if (consumer !== undefined && (typeof consumer !== "string" || consumer.trim() === "")) {
    throw new TypeError(
      "createOddkitClient: `consumer` must be a non-empty label, e.g. 'klappy.dev-doc-listing'",
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const requirePublic = options.requirePublic === true;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(
      `createOddkitClient: timeoutMs must be a positive number of ms, got ${String(timeoutMs)}`,
    );
  }
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isFinite(maxResponseBytes) || maxResponseBytes <= 0) {
    throw new TypeError(
      `createOddkitClient: maxResponseBytes must be a positive number, got ${String(maxResponseBytes)}`,
    );
  }
  const retry = resolveRetry(options.retry);
  const url = options.url === undefined ? undefined : endpointUrl(options.url, consumer);
  const headers = { ...options.headers };
  const emit = (event: ClientEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // Telemetry must never break a call.
    }
  };

  const session = new McpSession({
    url,
    server,
    headers,
    clientName: consumer ?? DEFAULT_CLIENT_NAME,
    consumer,
    fetch: url
      ? createHttpFetch({
          fetch: options.fetch,
          timeoutMs,
          retry,
          onRetry: ({ tool, attempt, reason }) =>
            emit({ type: "retry", action: tool.replace(/^oddkit_/, ""), params: { tool, attempt, reason } }),
        })
      : undefined,
  });
  // Over HTTP the MCP request's timeout is only a ceiling: every attempt, body included, ends
  // within timeoutMs (http.ts, phases.ts), so a call lasts the attempts it made plus the backoff
  // it really waited. The ceiling allows the longest Retry-After only because one may come.
  // In memory it is the call's timeout.
  const callBudgetMs = url
    ? timeoutMs * (retry.limit + 1) + retry.limit * Math.max(retry.maxRetryAfter, retry.backoffLimit)
    : timeoutMs;
  const endpoint = url ? redactUrl(url) : "in-memory";
  const requestInfo = (tool: string, params: Json): OddkitRequestInfo => ({
    tool,
    params,
    endpoint,
    ...(url ? { headers: redactHeaders(headers) } : {}),
  });

  const tokenCounter = tokenCounterFrom(options.countTokens);
  const countTokens = async (text: string): Promise<number | null> =>
    tokenCounter ? await tokenCounter(text) : null;

  /** `meta` of an answer read just now (not from the cache); `tokens` when already counted. */
  const freshMeta = async (
    read: { text: string },
    started: number,
    tokens?: number | null,
  ): Promise<ResultMeta> =>
    withLazyBytes(
      {
        tokens: tokens === undefined ? await countTokens(read.text) : tokens,
        cached: false,
        revalidated: false,
        durationMs: clock() - started,
        emulated: false,
      },
      read.text,
    );

  /** An answer's result with its `meta` (bytes counted from `text` on first read). */
  const answer = (
    envelope: Json,
    read: { readonly text: string; readonly tokens: number | null; readonly revision?: string | null },
    cached: boolean,
    revalidated: boolean,
    started: number,
  ): Json => {
    const { revision } = read;
    const meta: ResultMeta = withLazyBytes(
      {
        tokens: read.tokens,
        cached,
        revalidated,
        durationMs: clock() - started,
        emulated: false,
        revision: revision ?? undefined,
      },
      read.text,
    );
    return Object.assign(envelope.result as Json, { meta });
  };

  /** One MCP tool call, with every failure mapped to a typed error. */
  const callRaw = async (tool: string, args: Json, action: string, signal?: AbortSignal) => {
    const errorOptions: OddkitErrorOptions = { action, request: requestInfo(tool, args) };
    try {
      return await session.callTool(tool, args, { timeoutMs: callBudgetMs, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw toTransportError(error, errorOptions, url ? timeoutMs : callBudgetMs, callBudgetMs);
    }
  };

  const version = async (): Promise<ServerVersion> => {
    const tool = toolName("version");
    const errorOptions: OddkitErrorOptions = { action: "version", request: requestInfo(tool, {}) };
    const raw = await callRaw(tool, {}, "version");
    const read = readToolResult(raw, maxResponseBytes, errorOptions, { requireResult: false });
    if (typeof read.envelope.result === "object" && read.envelope.result !== null) {
      throwIfErrorEnvelope(read, errorOptions);
    }
    return parseVersion(read.envelope);
  };

  const cacheOptions = options.cache ?? true;
  const cache =
    cacheOptions === false
      ? null
      : new ResultCache(
          cacheOptions === true ? {} : cacheOptions,
          url ? redactUrl(stripConsumer(url)) : "embedded",
          async () => (await version()).knowledge_base_revision,
          // A server that answered the probe (with an error or an unreadable envelope)
          // has no usable revision; a network failure or timeout says nothing either way.
          (error) =>
            !(error instanceof OddkitTimeoutError) &&
            !(error instanceof OddkitTransportError && error.mcpCode === undefined),
          (error, operation) => emit({ type: "cache-error", action: "cache", params: { operation }, error }),
        );

  /** A retrieval call checked before anything is sent: wire params, the resolved request, how errors name it. */
  const prepare = (action: Action, params: unknown) => {
    const tool = toolName(action);
    const mapped = toWireParams(action, params);
    if (!mapped.ok) {
      throw new OddkitRequestError(mapped.error, {
        action,
        request: requestInfo(tool, (params ?? {}) as Json),
        sent: false,
      });
    }
    const wire = mapped.wire;
    const errorOptions: OddkitErrorOptions = { action, request: requestInfo(tool, wire) };
    const validation = validateRequest(action, wire);
    if (!validation.ok) throw new OddkitRequestError(validation.error, { ...errorOptions, sent: false });
    if (requirePublic && action === "catalog" && !isPublicRequest(pickFilters(wire))) {
      throw new OddkitRequestError(
        invalidParamsError(action, [
          {
            param: "exposure",
            message: `${PUBLIC_FILTER_RULE}; this client was created with requirePublic: true`,
          },
        ]),
        { ...errorOptions, sent: false },
      );
    }
    return { tool, wire, request: validation.request, errorOptions };
  };

  /**
   * The one request path of every retrieval call. `strategies` may answer a validated call
   * instead of the server (answer.ts); `paging` marks a page of `paginate` or of a collection;
   * `onFetched` sees the text of an answer fetched uncached from the server.
   */
  async function run(
    action: Action,
    params: unknown,
    callOptions: CallOptions,
    strategies: readonly AnswerStrategy[],
    paging = false,
    onFetched?: (fetched: Fetched) => void,
  ): Promise<Json> {
    const started = clock();
    let wireForEvent: Json = {};
    try {
      const { tool, wire, request, errorOptions } = prepare(action, params);
      wireForEvent = wire;

      const call: AnswerCall = {
        action,
        request,
        wire,
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        fresh: callOptions.cache === false && !paging,
      };
      let result: Json | undefined;
      for (const strategy of strategies) {
        const answer = await untilAborted(strategy(call), callOptions.signal);
        if (answer === null) continue;
        const answered = { ...errorOptions, request: { tool, params: wire, endpoint: answer.endpoint } };
        const read = validateToolResult(
          { content: [{ type: "text", text: answer.text }], isError: answer.isError },
          request,
          wire,
          answer.maxResponseBytes ?? maxResponseBytes,
          answered,
        );
        const meta: ResultMeta = { ...(await freshMeta(read, started, answer.meta?.tokens)), ...answer.meta };
        result = Object.assign(read.envelope.result as Json, { meta });
        break;
      }

      const fetchValidated = async (signal?: AbortSignal): Promise<Fetched> => {
        const raw = await callRaw(tool, wire, action, signal);
        const read = validateToolResult(raw, request, wire, maxResponseBytes, errorOptions);
        return { text: read.text, tokens: await countTokens(read.text), envelope: read.envelope };
      };

      if (!result && cache && callOptions.cache !== false && cache.enabledFor(action)) {
        // A cached call may be shared with other callers, so it runs without this
        // caller's signal; aborting only stops this caller from waiting for it.
        const through = () =>
          untilAborted(
            cache.through(request, () => fetchValidated()),
            callOptions.signal,
          );
        let outcome = await through();
        if (outcome.cached) {
          // A cached answer passes the same checks as a fresh one: a shared store (Redis) may hold
          // a record someone planted. A record that fails is discarded and the call goes to the network.
          const { record } = outcome;
          try {
            const read = validateToolResult(
              { content: [{ type: "text", text: record.text }] },
              request,
              wire,
              maxResponseBytes,
              errorOptions,
            );
            result = answer(read.envelope, record, true, outcome.revalidated, started);
          } catch (error) {
            emit({ type: "cache-error", action, params: { operation: "validate" }, error });
            await cache.discard(request);
            outcome = await through();
            if (outcome.cached) throw error;
          }
        }
        const { record } = outcome;
        result ??= answer(outcome.take(), record, false, false, started);
      } else if (!result) {
        const fetched = await fetchValidated(callOptions.signal);
        onFetched?.(fetched);
        result = answer(fetched.envelope, fetched, false, false, started);
      }
      const meta = result.meta as ResultMeta;
      const type = meta.revalidated ? "revalidate" : meta.cached ? "cache-hit" : "call";
      emit({ type, action, params: wire, meta });
      return result;
    } catch (error) {
      emit({ type: "error", action, params: wireForEvent, error });
      throw error;
    }
  }

  /** Listing helpers' collections through the result cache (collections.ts). */
  const collectionSource: CollectionSource = async (req) => {
    if (!cache?.enabledFor(req.action)) return null;
    const first = prepare(req.action, req.firstPage).request;
    const outcome = await cache.through(first, (revision) => fetchCollection(req, revision), true);
    const { cached, revalidated, record } = outcome;
    let pages: readonly Json[];
    try {
      pages = cached
        ? await req.collect(pagesFromRecord(req.action, record, revalidated))
        : (outcome.take() as { pages: Json[] }).pages;
    } catch (error) {
      if (!cached) throw error;
      // A record that does not pass (planted in a shared store, or from an older client; or a
      // maxEntries below its total, which collecting anew throws again) is dropped, its failing
      // page reported as an `error` event; the helper collects anew, uncached, and the next call
      // stores a good one.
      await cache.discard(first, true);
      return null;
    }
    return { ...record, pages, cached, revalidated };
  };

  /** Every page of a collection from the server, checked to be of one revision, as one record. */
  const fetchCollection = async (req: CollectionRequest, revision: string | null): Promise<FetchedText> => {
    const stored: StoredPages = [];
    const call = (params: Json) =>
      run(req.action, params, { cache: false }, [], true, (fetched) => {
        stored[(params.offset as number) / (params.limit as number)] = fetched.text;
      });
    const pages = await req.collect(call);
    // One page is one moment; several are one revision only if the server is still at it afterwards.
    // One page is one moment; several are one revision only if the server is still at it afterwards.
    if (pages.length > 1 && revision !== null && (await cache!.probeShared(true)) !== revision)
      throw req.moved();
    return { text: JSON.stringify(stored), ...pageTotals(pages), envelope: { pages } };
  };

  /** Pages answered from a collection record: validated as fresh answers are, `cached` in their meta. */
  const pagesFromRecord = (action: Action, record: CacheRecord, revalidated: boolean) => {
    const stored = JSON.parse(record.text) as StoredPages;
    // A page the record lacks has no text: validation refuses it like any answer without one.
    const fromRecord: AnswerStrategy = async ({ request }) => {
      // Counted once for the whole record (its `tokens`), not again per page.
      const meta = { tokens: null, cached: true, revalidated };
      return {
        text: stored[request.offset / request.limit] as string,
        isError: false,
        endpoint: "cache",
        meta,
      };
    };
    return (params: Json) => run(action, params, { cache: false }, [fromRecord], true);
  };

  /** A client over this session, cache and options that tries `strategies` before the server. */
  const build = (strategies: readonly AnswerStrategy[]): OddkitClient => {
    // The result's static type follows the disclosure literal (types.ts); at run time it is the validated JSON.
    // One method per row of the action table: a new action needs no line here.
    const actions = Object.fromEntries(
      ACTIONS.map((action) => [
        action,
        (params: unknown, o?: CallOptions) => run(action, params, o ?? {}, strategies),
      ]),
    ) as unknown as OddkitActions;
    const client: OddkitClient = {
      ...actions,
      paginate: ((action: ManyAction, params: Json, paginateOptions?: PaginateOptions) => {
        if (!(MANY_ACTIONS as readonly unknown[]).includes(action)) {
          throw new TypeError(
            `paginate: '${String(action)}' is not a multi-result action (${MANY_ACTIONS.join(", ")})`,
          );
        }
        return paginateEntries(
          action,
          params ?? {},
          async (page) => (await run(action, page, { cache: false }, strategies, true)) as never,
          paginateOptions,
        );
      }) as OddkitClient["paginate"],
      version,
      async callTool(name, args = {}) {
        const started = clock();
        const errorOptions: OddkitErrorOptions = { action: name, request: requestInfo(name, args) };
        try {
          const raw = await callRaw(name, args, name);
          const read = readToolResult(raw, maxResponseBytes, errorOptions, { requireResult: false });
          const meta = await freshMeta(read, started);
          emit({ type: "call", action: name, params: args, meta });
          return { envelope: read.envelope, isError: read.isError, meta };
        } catch (error) {
          emit({ type: "error", action: name, params: args, error });
          throw error;
        }
      },
      async serverInfo() {
        try {
          return await session.serverInfo(callBudgetMs);
        } catch (error) {
          throw toTransportError(error, { action: "serverInfo" }, url ? timeoutMs : callBudgetMs);
        }
      },
      close: () => session.close(),
    };
    registerComposer(client, (strategy) => build([...strategies, strategy]));
    // Not with answer strategies: a strategy answers pages from its own caches.
    if (strategies.length === 0) collectionSources.set(client, collectionSource);
    return client;
  };
  return build([]);
}

/** The promise, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  // Once the caller stops waiting, a later failure of the work has no one to report to.
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The counter to use, or null; `true` (the pre-0.2 default) is refused naming the opt-in import. */
function tokenCounterFrom(option: unknown): ((text: string) => number | Promise<number>) | null {
  if (option === undefined || option === false) return null;
  if (typeof option === "function") return option as (text: string) => number | Promise<number>;
  throw new TypeError(
    `createOddkitClient: countTokens must be false or a counter function, got ${JSON.stringify(option)}; for cl100k counts pass cl100kTokens from "oddkit-sdk/tokens"`,
  );
}
