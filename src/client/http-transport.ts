/**
 * The client side of MCP's Streamable HTTP transport, as this client uses it:
 * every message is a POST; a request's reply comes back as JSON or as an SSE
 * stream; the server's `mcp-session-id` and the negotiated protocol version
 * ride on every later request; `terminateSession()` DELETEs the session.
 *
 * Ours rather than the SDK's StreamableHTTPClientTransport, which imports
 * the SDK's OAuth client (and, through it, every MCP schema built with full
 * zod): a quarter of the edge bundle for a flow this client never runs
 * (credentials go in `headers`). Not implemented, because this client needs
 * neither: the standalone GET stream for server-initiated messages (optional
 * in the spec; the client answers no server requests but ping) and SSE
 * resumption (phases.ts turns a cut stream into a typed error instead).
 *
 * Redirects are followed only within the endpoint's origin (307/308, which
 * keep the POST), so headers such as `authorization` never reach another host.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { EventSourceParserStream } from "eventsource-parser/stream";
import type { FetchLike } from "./http.js";

/** A non-2xx answer (status -1: a 2xx the transport cannot read, e.g. an unexpected content type). */
export class HttpStatusError extends Error {
  override readonly name = "HttpStatusError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Redirects followed per request before giving up. */
const MAX_REDIRECTS = 5;

export interface HttpTransportOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: FetchLike;
}

type Json = Record<string, unknown>;

const messagesOf = (message: JSONRPCMessage | JSONRPCMessage[]) =>
  (Array.isArray(message) ? message : [message]) as Json[];

/** The request ids in what was sent (notifications and replies have none to wait for). */
function requestIds(message: JSONRPCMessage | JSONRPCMessage[]): (string | number)[] {
  return messagesOf(message)
    .filter((m) => typeof m.method === "string" && (typeof m.id === "string" || typeof m.id === "number"))
    .map((m) => m.id as string | number);
}

export class StreamableHttpTransport implements Transport {
  sessionId?: string;
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #protocolVersion: string | undefined;
  readonly #abort = new AbortController();
  #started = false;

  constructor(
    readonly url: URL,
    private readonly options: HttpTransportOptions = {},
  ) {}

  async start(): Promise<void> {
    if (this.#started) throw new Error("the HTTP transport is already started");
    this.#started = true;
  }

  setProtocolVersion(version: string): void {
    this.#protocolVersion = version;
  }

  async send(message: JSONRPCMessage | JSONRPCMessage[]): Promise<void> {
    try {
      await this.#send(message);
    } catch (error) {
      this.onerror?.(error as Error);
      throw error;
    }
  }

  async #send(message: JSONRPCMessage | JSONRPCMessage[]): Promise<void> {
    const headers = this.#headers();
    headers.set("content-type", "application/json");
    headers.set("accept", "application/json, text/event-stream");
    const response = await this.#fetch("POST", headers, JSON.stringify(message));
    const sessionId = response.headers.get("mcp-session-id");
    if (sessionId) this.sessionId = sessionId;
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new HttpStatusError(
        response.status,
        `Error POSTing to endpoint (HTTP ${response.status}): ${text || response.statusText}`,
      );
    }
    const ids = requestIds(message);
    // 202 (a notification or reply accepted), or nothing asked: no body to read.
    if (response.status === 202 || ids.length === 0) {
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/json") {
      const data: unknown = await response.json();
      for (const m of Array.isArray(data) ? data : [data]) this.onmessage?.(m as JSONRPCMessage);
    } else if (type === "text/event-stream" && response.body) {
      // Read in the background, as the SDK does: replies arrive through onmessage.
      void this.#readEvents(response.body, ids);
    } else {
      await response.body?.cancel().catch(() => undefined);
      throw new HttpStatusError(-1, `Unexpected content type: ${type || "(none)"}`);
    }
  }

  /** Deliver each SSE `message` event; a stream that fails before a reply fails its requests at once. */
  async #readEvents(body: ReadableStream<Uint8Array>, ids: (string | number)[]): Promise<void> {
    const waiting = new Set(ids);
    try {
      // A reader loop, not `for await`: Safari's streams are not async-iterable.
      const reader = body
        .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (;;) {
        const { done, value: event } = await reader.read();
        if (done) break;
        if (event.data === "" || (event.event !== undefined && event.event !== "message")) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          this.onerror?.(new Error(`an SSE event is not JSON: ${event.data.slice(0, 120)}`));
          continue;
        }
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
          if (typeof m === "object" && m !== null && ("result" in m || "error" in m)) waiting.delete(m.id);
          this.onmessage?.(m as JSONRPCMessage);
        }
      }
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      const detail = `SSE stream disconnected: ${error instanceof Error ? error.message : String(error)}`;
      this.onerror?.(new Error(detail));
      for (const id of waiting) {
        this.onmessage?.({ jsonrpc: "2.0", id, error: { code: -32000, message: detail } } as JSONRPCMessage);
      }
    }
  }

  /** Ask the server to end the session (405: the server does not support it, which is fine). */
  async terminateSession(): Promise<void> {
    if (!this.sessionId) return;
    const response = await this.#fetch("DELETE", this.#headers());
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok && response.status !== 405) {
      throw new HttpStatusError(
        response.status,
        `Failed to terminate session (HTTP ${response.status}): ${response.statusText}`,
      );
    }
    this.sessionId = undefined;
  }

  async close(): Promise<void> {
    this.#abort.abort();
    this.onclose?.();
  }

  #headers(): Headers {
    const headers = new Headers();
    if (this.sessionId) headers.set("mcp-session-id", this.sessionId);
    if (this.#protocolVersion) headers.set("mcp-protocol-version", this.#protocolVersion);
    // The caller's headers win, as with the SDK's transport.
    for (const [name, value] of Object.entries(this.options.headers ?? {})) headers.set(name, value);
    return headers;
  }

  /** One exchange, following same-origin 307/308 redirects; any other redirect is an error naming its target. */
  async #fetch(method: "POST" | "DELETE", headers: Headers, body?: string): Promise<Response> {
    const fetchFn: FetchLike = this.options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    let url = this.url;
    for (let hop = 0; ; hop++) {
      const response = await fetchFn(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        redirect: "manual",
        signal: this.#abort.signal,
      });
      if (response.type === "opaqueredirect") {
        throw new HttpStatusError(
          response.status,
          `the server redirected (${method} ${url.origin}${url.pathname}); this runtime hides the target, so it was not followed: point the client at the final URL`,
        );
      }
      if (response.status < 300 || response.status > 399 || response.status === 304) return response;
      const location = response.headers.get("location");
      const target = location ? new URL(location, url) : null;
      await response.body?.cancel().catch(() => undefined);
      const follow =
        target !== null &&
        target.origin === this.url.origin &&
        (response.status === 307 || response.status === 308) &&
        hop < MAX_REDIRECTS;
      if (!follow) {
        const where = target ? `${target.origin}${target.pathname}` : "(no Location)";
        throw new HttpStatusError(
          response.status,
          `HTTP ${response.status} redirect to ${where} not followed (only 307/308 within ${this.url.origin}, at most ${MAX_REDIRECTS}): point the client at the final URL`,
        );
      }
      url = target;
    }
  }
}
