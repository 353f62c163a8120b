/**
 * Reading and rewriting the JSON-RPC messages of an MCP Streamable HTTP
 * response, whichever framing the server chose: a JSON body (one message or
 * a batch) or a `text/event-stream` of `data:` events. msw's `sse()` helper
 * only covers GET streams, so a POST answered with an event stream is
 * rebuilt here, event by event, keeping every non-data line as it was.
 */

export type JsonRpcMessage = Record<string, unknown>;

/** A response body split into JSON-RPC messages that can be edited and reassembled. */
export interface FramedBody {
  readonly messages: JsonRpcMessage[];
  /** The body text with the (possibly edited) messages in the original framing. */
  render(): string;
}

const isEventStream = (contentType: string | null) => (contentType ?? "").includes("text/event-stream");

function parseEventStream(text: string): FramedBody {
  const events = text.split(/\r?\n\r?\n/);
  const messages: JsonRpcMessage[] = [];
  // Per event: its non-data lines, and the index of its message (null if it has no JSON data).
  const parsed = events.map((event) => {
    const lines = event.split(/\r?\n/);
    const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).replace(/^ /, ""));
    const other = lines.filter((l) => !l.startsWith("data:"));
    if (data.length === 0) return { other, index: null, raw: event };
    try {
      messages.push(JSON.parse(data.join("\n")) as JsonRpcMessage);
      return { other, index: messages.length - 1, raw: event };
    } catch {
      return { other, index: null, raw: event };
    }
  });
  return {
    messages,
    render: () =>
      parsed
        .map(({ other, index, raw }) =>
          index === null ? raw : [...other, `data: ${JSON.stringify(messages[index])}`].join("\n"),
        )
        .join("\n\n"),
  };
}

function parseJson(text: string): FramedBody | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const batch = Array.isArray(value);
  const messages = (batch ? value : [value]) as JsonRpcMessage[];
  return { messages, render: () => JSON.stringify(batch ? messages : messages[0]) };
}

/** Split a response body into messages, or null when it holds none (empty, not JSON-RPC). */
export function readFramedBody(contentType: string | null, text: string): FramedBody | null {
  if (text.trim() === "") return null;
  return isEventStream(contentType) ? parseEventStream(text) : parseJson(text);
}

/** JSON-RPC requests of a POST body (one or a batch); empty when the body is not JSON-RPC. */
export function readRequestMessages(text: string): JsonRpcMessage[] {
  try {
    const value = JSON.parse(text) as unknown;
    const list = Array.isArray(value) ? value : [value];
    return list.filter((m): m is JsonRpcMessage => typeof m === "object" && m !== null);
  } catch {
    return [];
  }
}
