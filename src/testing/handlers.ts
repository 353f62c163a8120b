/**
 * msw handlers that answer MCP Streamable HTTP at a URL of your choice with
 * an embedded oddkit reference server (contract, legacy or window shape),
 * optionally breaking chosen calls with typed faults. Your code under test
 * keeps its real fetch-based client; msw intercepts the requests.
 */
import { type HttpHandler, http } from "msw";
import { ACTIONS, type Action, actionForTool, UNIFIED_TOOL } from "../contract/index.js";
import type { Corpus } from "../corpus/types.js";
import { createReferenceServer, MCP_PATH, type ReferenceServer, type ServerMode } from "../server/index.js";
import type { Fault, HttpFault, ResultFault, ToolCall } from "./faults.js";
import { type JsonRpcMessage, readFramedBody, readRequestMessages } from "./framing.js";

export interface OddkitHandlersOptions {
  /** Where your code sends MCP requests, e.g. `https://oddkit.test/mcp` (query strings are ignored). */
  readonly url: string | URL;
  /** `contract` (default): the new shape; `legacy`: the 0.28.x shapes; `window`: contract + legacy fields on opt-in. */
  readonly mode?: ServerMode;
  /** A folder of markdown or a loaded corpus (default: the bundled sample corpus). */
  readonly corpus?: string | Corpus;
  /** Faults applied in order to the calls they target. */
  readonly faults?: readonly Fault[];
  /** Framing of POST answers: `sse` (default, as the real server) or `json`. */
  readonly responseFormat?: "sse" | "json";
  /** Reuse a reference server you created (its corpus and mode win over `corpus`/`mode`); not closed by `close()`. */
  readonly server?: ReferenceServer;
}

export type OddkitHandlers = HttpHandler[] & {
  /** Every `tools/call` seen, in order, with the faults applied to it. */
  readonly calls: ToolCall[];
  /** The embedded reference server (created on first use). */
  server(): Promise<ReferenceServer>;
  /** Close the embedded server (and its MCP sessions). */
  close(): Promise<void>;
};

/** Internal origin the intercepted requests are re-addressed to before the reference server sees them. */
const INTERNAL_ORIGIN = "http://oddkit-msw.invalid";

/** The retrieval action a call runs: `oddkit_<action>`, or `oddkit` with a retrieval `action`; null otherwise. */
function actionOf(tool: string, args: Readonly<Record<string, unknown>>): Action | null {
  if (tool !== UNIFIED_TOOL) return actionForTool(tool);
  return (ACTIONS as readonly unknown[]).includes(args.action) ? (args.action as Action) : null;
}

function toolCallOf(message: JsonRpcMessage): (ToolCall & { id: unknown }) | null {
  if (message.method !== "tools/call") return null;
  const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
  const tool = String(params.name ?? "");
  const args = (
    typeof params.arguments === "object" && params.arguments !== null ? params.arguments : {}
  ) as Record<string, unknown>;
  return { id: message.id, tool, action: actionOf(tool, args), arguments: args, faults: [] };
}

function textOf(message: JsonRpcMessage): string | null {
  const result = message.result as { content?: { type?: string; text?: unknown }[] } | undefined;
  const first = result?.content?.[0];
  return first?.type === "text" && typeof first.text === "string" ? first.text : null;
}

function withoutLength(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("content-length");
  return copy;
}

export function createOddkitHandlers(options: OddkitHandlersOptions): OddkitHandlers {
  if (
    options.server &&
    (options.corpus !== undefined || options.mode !== undefined || options.responseFormat)
  ) {
    throw new TypeError(
      "createOddkitHandlers: `server` is already built with its corpus, mode and response format; pass either `server` or `corpus`/`mode`/`responseFormat`",
    );
  }
  const endpoint = new URL(options.url);
  endpoint.search = "";
  endpoint.hash = "";
  const faults = options.faults ?? [];
  const used = new Map<Fault, number>();
  const calls: ToolCall[] = [];
  let serverPromise: Promise<ReferenceServer> | null = options.server
    ? Promise.resolve(options.server)
    : null;
  const server = () => {
    serverPromise ??= createReferenceServer({
      ...(options.corpus !== undefined ? { corpus: options.corpus } : {}),
      ...(options.mode !== undefined ? { mode: options.mode } : {}),
      jsonResponse: options.responseFormat === "json",
    });
    return serverPromise;
  };

  /** The next use of a fault on a call, if it targets the call and has uses left. */
  function take(fault: Fault, call: ToolCall): boolean {
    if (call.action === null || !fault.actions.includes(call.action)) return false;
    const count = used.get(fault) ?? 0;
    if (count >= fault.times) return false;
    used.set(fault, count + 1);
    call.faults.push(fault.name);
    return true;
  }

  async function answer(request: Request): Promise<Response> {
    const body = request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
    const toolCalls = body
      ? readRequestMessages(new TextDecoder().decode(body))
          .map(toolCallOf)
          .filter((c) => c !== null)
      : [];
    calls.push(...toolCalls);
    for (const call of toolCalls) {
      const http = faults.find((f): f is HttpFault => f.kind === "http" && take(f, call));
      if (http) return http.respond(call);
    }
    const internal = new URL(MCP_PATH, INTERNAL_ORIGIN);
    internal.search = new URL(request.url).search;
    const response = await (await server()).fetch(
      new Request(internal, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
      }),
    );
    const planned = toolCalls.map((call) => ({
      call,
      faults: faults.filter((f): f is ResultFault => f.kind === "result" && take(f, call)),
    }));
    if (!planned.some((p) => p.faults.length > 0)) return response;
    const framed = readFramedBody(response.headers.get("content-type"), await response.text());
    if (!framed)
      throw new Error("oddkit msw handlers: a faulted tools/call got no JSON-RPC answer to rewrite");
    for (const message of framed.messages) {
      const plan = planned.find((p) => p.call.id === message.id);
      const text = textOf(message);
      if (!plan || text === null) continue;
      const rewritten = plan.faults.reduce((t, fault) => fault.transform(t, plan.call), text);
      const result = message.result as { content: { text: string }[] };
      result.content[0]!.text = rewritten;
    }
    return new Response(framed.render(), {
      status: response.status,
      statusText: response.statusText,
      headers: withoutLength(response.headers),
    });
  }

  const handlers = [http.all(endpoint.href, ({ request }) => answer(request))];
  return Object.assign(handlers, {
    calls,
    server,
    async close() {
      if (serverPromise && !options.server) await (await serverPromise).close();
      serverPromise = options.server ? serverPromise : null;
    },
  });
}
