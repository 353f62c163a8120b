/**
 * Per-phase bounds on one HTTP exchange of the MCP transport. ky bounds the
 * first phase (no response headers within `timeoutMs`); after the headers
 * the MCP transport reads the body and, when it never yields the reply, waits out
 * the whole call budget (every attempt and backoff: ~110 s at defaults) and
 * the error only says "no answer". This module watches the body of a
 * request's answer and, at the first phase that fails, ends it with a
 * JSON-RPC error for that request id, which the client rejects the call with at
 * once. `toTransportError` turns it into a typed error naming the phase:
 *
 * - `body`: a body still unfinished `timeoutMs` after its attempt began,
 *   whether it stalled or trickles (bytes keep coming, too slowly to ever
 *   end). An attempt, body included, thus never outlives its timeout, so a
 *   whole call lasts at most attempts × timeout + the backoff actually waited;
 * - `sse-cut`: the SSE stream ended in the middle of an event;
 * - `no-reply`: the stream ended without a reply for the request's id;
 * - `reply-id`: the replies carried other ids than the request's.
 *
 * Works on Web streams only (edge runtimes included).
 */

/** The JSON-RPC error code of a synthesized phase failure (the MCP RequestTimeout code for stalls). */
export const PHASE_ERROR_CODE = {
  body: -32001,
  "sse-cut": -32000,
  "no-reply": -32000,
  "reply-id": -32000,
} as const;

export type Phase = keyof typeof PHASE_ERROR_CODE;

/** What the synthesized error carries in `data`, for toTransportError. */
export interface PhaseFailure {
  readonly oddkit_phase: Phase;
  readonly timeout_ms: number;
  readonly detail: string;
}

export function isPhaseFailure(data: unknown): data is PhaseFailure {
  return typeof data === "object" && data !== null && typeof (data as PhaseFailure).oddkit_phase === "string";
}

/** The JSON-RPC id of a request body (null for notifications and unreadable bodies). */
export function requestIdOf(body: unknown): string | number | null {
  if (typeof body !== "string") return null;
  try {
    const message = JSON.parse(body) as { id?: unknown };
    return typeof message.id === "string" || typeof message.id === "number" ? message.id : null;
  } catch {
    return null;
  }
}

function failureMessage(id: string | number, failure: PhaseFailure): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    error: { code: PHASE_ERROR_CODE[failure.oddkit_phase], message: failure.detail, data: failure },
  });
}

/** Ids of the JSON-RPC responses in a parsed message (or batch). */
function replyIds(message: unknown): (string | number)[] {
  const list = Array.isArray(message) ? message : [message];
  const ids: (string | number)[] = [];
  for (const m of list) {
    if (typeof m !== "object" || m === null) continue;
    const r = m as { id?: unknown; result?: unknown; error?: unknown };
    if (("result" in r || "error" in r) && (typeof r.id === "string" || typeof r.id === "number"))
      ids.push(r.id);
  }
  return ids;
}

/** The blank line that ends an SSE event (any of the three line endings). */
const EVENT_END = /\r\n\r\n|\n\n|\r\r|\r\n\n|\n\r\n/;

/**
 * The next chunk, or null when none came within `ms`, with the body's reader then
 * cancelled: what both watchers (JSON and SSE) do when the body stops, said once.
 */
async function readOrStall(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
): Promise<ReadableStreamReadResult<Uint8Array> | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stall = new Promise<null>((settle) => {
    timer = setTimeout(() => settle(null), ms);
  });
  const read = await Promise.race([reader.read(), stall]).finally(() => clearTimeout(timer));
  if (read === null) void reader.cancel().catch(() => undefined);
  return read;
}

const mismatch = (id: string | number, seen: readonly (string | number)[]) =>
  `the server replied with id ${seen.map((s) => JSON.stringify(s)).join(", ")}, not the request's id ${JSON.stringify(id)}`;

const stallFailure = (timeoutMs: number): PhaseFailure => ({
  oddkit_phase: "body",
  timeout_ms: timeoutMs,
  detail: `got no whole answer within ${timeoutMs} ms (body phase)`,
});

/**
 * A JSON answer is one message: read it whole (each chunk within timeoutMs)
 * and check its reply id. It is parsed here once, and the transport's
 * `response.json()` gets that parse: the body's bytes are passed on as they
 * came (never re-encoded), and never parsed a second time.
 */
function watchJson(
  response: Response,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  id: string | number,
  timeoutMs: number,
  left: () => number,
): Response {
  const chunks: Uint8Array[] = [];
  // What json() answers: the parsed reply, or the synthesized phase failure; undefined when the text is not JSON.
  let message: { readonly value: unknown } | undefined;
  let unparsed = "";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const decoder = new TextDecoder();
      let text = "";
      for (;;) {
        const chunk = await readOrStall(reader, left());
        if (chunk === null) {
          const failure = failureMessage(id, stallFailure(timeoutMs));
          message = { value: JSON.parse(failure) };
          controller.enqueue(new TextEncoder().encode(failure));
          controller.close();
          return;
        }
        if (chunk.done) break;
        chunks.push(chunk.value);
        text += decoder.decode(chunk.value, { stream: true });
      }
      text += decoder.decode();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: passed on as it came; the transport reports that itself.
        unparsed = text;
        for (const c of chunks) controller.enqueue(c);
        controller.close();
        return;
      }
      const ids = replyIds(parsed);
      if (ids.length > 0 && !ids.includes(id)) {
        const failure = failureMessage(id, {
          oddkit_phase: "reply-id",
          timeout_ms: timeoutMs,
          detail: `${mismatch(id, ids)} (reply phase)`,
        });
        message = { value: JSON.parse(failure) };
        controller.enqueue(new TextEncoder().encode(failure));
      } else {
        message = { value: parsed };
        for (const c of chunks) controller.enqueue(c);
      }
      chunks.length = 0;
      controller.close();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const watched = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // json() reads the body through (no second decode) and answers the message parsed above;
  // text() still reads the bytes as they came.
  Object.defineProperty(watched, "json", {
    value: async (): Promise<unknown> => {
      const r = (watched.body as ReadableStream<Uint8Array>).getReader(); // throws when already read
      while (!(await r.read()).done);
      if (message === undefined) return JSON.parse(unparsed); // not JSON: rejects as Response's json() would
      return message.value;
    },
  });
  return watched;
}

/**
 * The response with its body watched (unchanged when there is nothing to
 * watch: no request id, no body, not JSON or SSE, not a 2xx).
 */
export function watchPhases(
  response: Response,
  requestBody: unknown,
  timeoutMs: number,
  /** When the attempt began (`Date.now()`): its body must end within `timeoutMs` of it. */
  startedAt: number,
): Response {
  // What is left of the attempt's time (a timer given a negative wait fires at once): the bound of every wait for the body, a stall's and a trickle's alike.
  const left = () => startedAt + timeoutMs - Date.now();
  const id = requestIdOf(requestBody);
  const type = response.headers.get("content-type") ?? "";
  if (id === null || !response.ok || response.body === null) return response;
  const sse = type.includes("text/event-stream");
  if (!sse && !type.includes("application/json")) return response;
  const reader = response.body.getReader();
  if (!sse) return watchJson(response, reader, id, timeoutMs, left);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  let answered = false;
  const seen: (string | number)[] = [];
  const fail = (phase: Phase, detail: string): PhaseFailure => ({
    oddkit_phase: phase,
    timeout_ms: timeoutMs,
    detail,
  });
  const stalled = () => stallFailure(timeoutMs);

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await readOrStall(reader, left());
      if (chunk === null) {
        if (!answered)
          controller.enqueue(encoder.encode(`event: message\ndata: ${failureMessage(id, stalled())}\n\n`));
        controller.close();
        return;
      }
      if (chunk.done) {
        if (!answered) {
          const failure =
            buffer.trim() !== ""
              ? fail(
                  "sse-cut",
                  "the SSE stream ended in the middle of an event (SSE phase); the reply was cut off",
                )
              : seen.length > 0
                ? fail("reply-id", `${mismatch(id, seen)} (reply phase)`)
                : fail("no-reply", "the SSE stream ended without a reply to the request (SSE phase)");
          // Complete the cut event first, so the synthesized one is read on its own.
          const prefix = buffer.trim() !== "" ? "\n\n" : "";
          controller.enqueue(
            encoder.encode(`${prefix}event: message\ndata: ${failureMessage(id, failure)}\n\n`),
          );
        }
        controller.close();
        return;
      }
      controller.enqueue(chunk.value);
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let m = EVENT_END.exec(buffer); m !== null; m = EVENT_END.exec(buffer)) {
        const event = buffer.slice(0, m.index);
        buffer = buffer.slice(m.index + m[0].length);
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trimStart())
          .join("\n");
        if (data === "") continue;
        try {
          const ids = replyIds(JSON.parse(data));
          seen.push(...ids);
          if (ids.includes(id)) answered = true;
        } catch {
          // Not JSON: the transport reports that itself.
        }
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
