/**
 * `createOddkitProxy`: a Web-standard fetch handler for an edge function
 * that sits between consumers and an oddkit server. It forwards MCP traffic
 * to the upstream untouched — every parameter (new contract ones and
 * `include_legacy_envelope` included), JSON and SSE bodies streamed through,
 * session headers both ways — adds the consumer label (`?consumer=`), and
 * answers identical retrieval tool calls from a TTL cache. It never rewrites
 * a payload: a cache hit replays the upstream's tool result verbatim under
 * the new request's JSON-RPC id.
 */
import {
  cacheKeyOf,
  DEFAULT_PROXY_TTL_MS,
  memoryStore,
  type ProxyCacheOptions,
  type ProxyCacheStore,
} from "./proxy-cache.js";

export type FetchHandler = (request: Request) => Promise<Response>;

export interface OddkitProxyOptions {
  /** The upstream MCP endpoint, e.g. `https://oddkit.example/mcp`. */
  readonly upstream: string | URL;
  /** Consumer label added as `?consumer=` on every upstream call (a label the caller sent is kept when none is set). */
  readonly consumer?: string;
  /** Cache identical retrieval calls (default on, 5-minute TTL); `false` turns it off. */
  readonly cache?: ProxyCacheOptions | false;
  /** How to reach the upstream (default globalThis.fetch); e.g. a reference server's `fetch` handler in tests. */
  readonly fetch?: FetchHandler;
}

/** Headers that describe one hop, never forwarded. */
const HOP_HEADERS = [
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
];

/** Header on every proxied response: `hit` (answered from the cache), `miss` (stored), `bypass`. */
export const PROXY_CACHE_HEADER = "x-oddkit-proxy-cache";

interface ToolCallMessage {
  jsonrpc: "2.0";
  id: string | number;
  method: "tools/call";
  params: { name: string; arguments?: Record<string, unknown> };
}

function toolCallOf(body: string): ToolCallMessage | null {
  try {
    const message = JSON.parse(body) as Partial<ToolCallMessage>;
    if (
      message?.method !== "tools/call" ||
      message.id === undefined ||
      typeof message.params?.name !== "string"
    ) {
      return null;
    }
    return message as ToolCallMessage;
  } catch {
    return null; // not JSON, or a batch: forwarded as is, never cached
  }
}

function forwardHeaders(headers: Headers): Headers {
  const out = new Headers(headers);
  for (const name of HOP_HEADERS) out.delete(name);
  return out;
}

/** The JSON-RPC response carrying `id` in an upstream body (plain JSON or an SSE stream). */
export function jsonRpcMessageFor(body: string, contentType: string, id: string | number): unknown {
  const candidates: string[] = [];
  if (contentType.includes("text/event-stream")) {
    for (const event of body.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data) candidates.push(data);
    }
  } else {
    candidates.push(body);
  }
  for (const text of candidates) {
    try {
      const message = JSON.parse(text) as { id?: unknown };
      if (message?.id === id) return message;
    } catch {
      // not a JSON event: skip
    }
  }
  return undefined;
}

/** A successful tool result worth caching: a JSON-RPC result that is not an MCP tool error. */
function cacheableResult(message: unknown): unknown {
  const m = message as { result?: { isError?: boolean; content?: unknown }; error?: unknown } | undefined;
  if (!m || m.error !== undefined || !m.result || m.result.isError === true) return undefined;
  if (!Array.isArray(m.result.content)) return undefined;
  return m.result;
}

export function createOddkitProxy(options: OddkitProxyOptions): FetchHandler {
  let upstream: URL;
  try {
    upstream = new URL(options.upstream);
  } catch {
    throw new TypeError(
      `createOddkitProxy: upstream ${JSON.stringify(String(options.upstream))} is not an absolute URL; pass e.g. "https://oddkit.example/mcp"`,
    );
  }
  const doFetch: FetchHandler | undefined =
    options.fetch ?? (typeof globalThis.fetch === "function" ? (r) => globalThis.fetch(r) : undefined);
  if (!doFetch) throw new TypeError("createOddkitProxy: no fetch in this runtime; pass options.fetch");
  const cacheOptions = options.cache === false ? null : (options.cache ?? {});
  const ttlMs = cacheOptions?.ttlMs ?? DEFAULT_PROXY_TTL_MS;
  const store: ProxyCacheStore | null = cacheOptions
    ? (cacheOptions.store ?? memoryStore(cacheOptions.max ?? 1_000))
    : null;

  function upstreamUrl(incoming: URL): URL {
    const base = new URL(upstream);
    for (const [key, value] of incoming.searchParams) {
      if (!base.searchParams.has(key)) base.searchParams.set(key, value);
    }
    if (options.consumer) base.searchParams.set("consumer", options.consumer);
    return base;
  }

  function withCacheHeader(response: Response, state: "hit" | "miss" | "bypass"): Response {
    const headers = new Headers(response.headers);
    for (const name of HOP_HEADERS.filter((h) => h !== "content-length")) headers.delete(name);
    headers.set(PROXY_CACHE_HEADER, state);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  return async function proxy(request: Request): Promise<Response> {
    const url = upstreamUrl(new URL(request.url));
    const method = request.method.toUpperCase();
    const body = method === "GET" || method === "HEAD" ? undefined : await request.text();
    const call = body === undefined ? null : toolCallOf(body);
    const key = call && store ? cacheKeyOf(call.params.name, call.params.arguments ?? {}) : null;
    if (key && store && call) {
      const cached = await store.get(key);
      if (cached !== undefined) {
        const replay = JSON.stringify({ jsonrpc: "2.0", id: call.id, result: cached });
        return new Response(replay, {
          status: 200,
          headers: { "content-type": "application/json", [PROXY_CACHE_HEADER]: "hit" },
        });
      }
    }
    const forwarded = new Request(url, {
      method,
      headers: forwardHeaders(request.headers),
      ...(body === undefined ? {} : { body }),
      signal: request.signal,
    });
    const response = await doFetch(forwarded);
    if (!key || !store || !call || !response.ok || !response.body) {
      return withCacheHeader(response, "bypass");
    }
    // Stream to the caller while reading a copy for the cache (SSE stays a stream).
    const [toCaller, toCache] = response.body.tee();
    const contentType = response.headers.get("content-type") ?? "";
    void new Response(toCache)
      .text()
      .then(async (text) => {
        const result = cacheableResult(jsonRpcMessageFor(text, contentType, call.id));
        if (result !== undefined) await store.set(key, result, ttlMs);
      })
      .catch(() => undefined); // a broken stream is the caller's error to see, never a cache entry
    return withCacheHeader(new Response(toCaller, response), "miss");
  };
}
