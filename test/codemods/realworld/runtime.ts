/**
 * The in-process world a corpus file runs in: the global `fetch` answers every
 * oddkit URL from one reference server (the current one), `Deno` exists
 * (env + serve), Supabase edge functions are invoked in process, and the
 * harness can wait until every request a file started has finished. Nothing
 * leaves the process; no port is opened; nothing waits on the clock.
 */
import type { ReferenceServer } from "../../../src/server/index.js";

type Handler = (request: Request) => Response | Promise<Response>;

export interface RealworldRuntime {
  /** The server that answers oddkit URLs until the next call. */
  setServer(server: ReferenceServer): void;
  /** Environment seen through `Deno.env.get` and `process.env` by the running file. */
  setEnv(env: Readonly<Record<string, string>>): void;
  /** Where `supabase.functions.invoke(name)` finds `<dir>/<name>/index.ts`. */
  setFunctionsDir(dir: string | null): void;
  /** Import `file` and return the handler it passed to `serve`/`Deno.serve` (once per file). */
  serveHandlerOf(file: string): Promise<Handler>;
  /** Wait until no request started by the running code is in flight and the microtask queue is drained. */
  settle(): Promise<void>;
  /** Rejections left unhandled by the running code since the last call. */
  takeUnhandled(): string[];
  /** Requests answered, by MCP tool name (for the report). */
  readonly toolCalls: Map<string, number>;
  uninstall(): void;
}

const ODDKIT_PATHS = ["/mcp", "/health"];

/** One macrotask turn: lets timers of 0 ms, I/O callbacks and promise chains run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function installRuntime(load: (file: string) => Promise<unknown>): RealworldRuntime {
  const originalFetch = globalThis.fetch;
  const g = globalThis as Record<string, unknown>;
  const originalDeno = g.Deno;
  let server: ReferenceServer | null = null;
  let env: Record<string, string> = {};
  const savedEnv = new Map<string, string | undefined>();
  let functionsDir: string | null = null;
  let inFlight = 0;
  let captured: Handler | null = null;
  const handlers = new Map<string, Handler>();
  const toolCalls = new Map<string, number>();

  /** The legacy oddkit worker answers a lone `tools/call` POST without a session; the reference server wants one. */
  async function stateless(request: Request, current: ReferenceServer): Promise<Response | null> {
    if (request.method !== "POST" || request.headers.has("mcp-session-id")) return null;
    const text = await request.clone().text();
    let message: { jsonrpc?: string; id?: unknown; method?: string; params?: Record<string, unknown> };
    try {
      message = JSON.parse(text);
    } catch {
      return null;
    }
    if (!message || Array.isArray(message) || message.method === "initialize") return null;
    if (message.method?.startsWith("notifications/")) return new Response(null, { status: 202 });
    if (message.method === "tools/call") {
      const name = String(message.params?.name ?? "");
      toolCalls.set(name, (toolCalls.get(name) ?? 0) + 1);
      const consumer = new URL(request.url).searchParams.get("consumer");
      const result = await current.callTool(
        name,
        (message.params?.arguments as Record<string, unknown>) ?? {},
        {
          consumer,
        },
      );
      return Response.json({ jsonrpc: "2.0", id: message.id ?? null, result });
    }
    if (message.method === "tools/list") {
      return Response.json({ jsonrpc: "2.0", id: message.id ?? null, result: { tools: current.tools } });
    }
    return null;
  }

  async function route(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!ODDKIT_PATHS.some((p) => url.pathname.endsWith(p))) {
      throw new TypeError(
        `realworld harness: unexpected fetch to ${request.url} (only oddkit /mcp and /health answer)`,
      );
    }
    if (!server) throw new Error("realworld harness: no reference server set for this run");
    const current = server;
    const direct = await stateless(request, current);
    if (direct) return direct;
    if (request.method === "POST") {
      const body = await request.clone().text();
      for (const name of body.matchAll(/"method"\s*:\s*"tools\/call"[\s\S]*?"name"\s*:\s*"([^"]+)"/g)) {
        toolCalls.set(name[1]!, (toolCalls.get(name[1]!) ?? 0) + 1);
      }
    }
    // The reference server serves /mcp at the root; corpus URLs may carry a base path or ?consumer=.
    const path = ODDKIT_PATHS.find((p) => url.pathname.endsWith(p))!;
    return current.fetch(new Request(new URL(`${path}${url.search}`, "http://oddkit.local"), request));
  }

  // Rejections the running code leaves unhandled are part of what it does: recorded for the run, not
  // reported as the harness's own (the test runner's listeners are set aside while the runtime is in).
  const unhandled: string[] = [];
  const runnerListeners = process.listeners("unhandledRejection");
  process.removeAllListeners("unhandledRejection");
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
  };
  process.on("unhandledRejection", onUnhandled);

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    inFlight++;
    try {
      return await route(input, init);
    } finally {
      inFlight--;
    }
  }) as typeof fetch;

  const runtime = {
    captureServe(handler: Handler) {
      captured = handler;
    },
    async invokeFunction(name: string, body: unknown, headers: Record<string, string>) {
      if (!functionsDir) throw new Error(`supabase stub: no functions folder registered (invoke "${name}")`);
      // An invocation is a request in flight (loading the function included), as its fetch would be.
      inFlight++;
      try {
        return await invokeLoaded(name, body, headers);
      } finally {
        inFlight--;
      }
    },
  };
  async function invokeLoaded(name: string, body: unknown, headers: Record<string, string>) {
    const handler = await serveHandlerOf(`${functionsDir}/${name}/index.ts`);
    return handler(
      new Request(`https://project.supabase.co/functions/v1/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: body === null ? null : typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  }
  g.__oddkitRealworld = runtime;
  g.Deno = {
    env: { get: (name: string) => env[name], toObject: () => ({ ...env }) },
    serve: (a: unknown, b?: unknown) => {
      captured = (typeof a === "function" ? a : b) as Handler;
      return { finished: Promise.resolve(), shutdown: async () => {} };
    },
  };

  async function serveHandlerOf(file: string): Promise<Handler> {
    const known = handlers.get(file);
    if (known) return known;
    captured = null;
    await load(file);
    const handler = captured as Handler | null;
    if (!handler)
      throw new Error(`realworld harness: ${file} did not call serve()/Deno.serve() when imported`);
    handlers.set(file, handler);
    return handler;
  }

  return {
    toolCalls,
    setServer(next) {
      server = next;
    },
    setEnv(next) {
      for (const [k, v] of savedEnv) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      savedEnv.clear();
      env = { ...next };
      for (const [k, v] of Object.entries(next)) {
        savedEnv.set(k, process.env[k]);
        process.env[k] = v;
      }
    },
    setFunctionsDir(dir) {
      functionsDir = dir;
    },
    serveHandlerOf,
    async settle() {
      // Bounded by turns, not time: a request in flight keeps the loop going until it is answered.
      for (let quiet = 0, turns = 0; quiet < 3; turns++) {
        if (turns > 100_000)
          throw new Error("realworld harness: requests still in flight after 100000 turns");
        await turn();
        quiet = inFlight === 0 ? quiet + 1 : 0;
      }
    },
    takeUnhandled() {
      return unhandled.splice(0);
    },
    uninstall() {
      process.off("unhandledRejection", onUnhandled);
      for (const listener of runnerListeners) process.on("unhandledRejection", listener);
      globalThis.fetch = originalFetch;
      if (originalDeno === undefined) delete g.Deno;
      else g.Deno = originalDeno;
      delete g.__oddkitRealworld;
      this.setEnv({});
    },
  };
}
