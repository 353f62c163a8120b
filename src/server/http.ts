/**
 * The Web-standard fetch handler of the reference server: Streamable HTTP
 * MCP at `/mcp` (JSON or SSE responses, `Mcp-Session-Id` sessions),
 * `GET /health`, `GET /.well-known/mcp.json`, and CORS that lets browsers
 * read the session id. Runs in-process (msw, tests, edge proxies) or behind
 * node:http (`listen`).
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { LRUCache } from "lru-cache";

export const MCP_PATH = "/mcp";
export const HEALTH_PATH = "/health";
export const SERVER_CARD_PATH = "/.well-known/mcp.json";
/**
 * Largest request body accepted (the MCP SDK's own default, made explicit):
 * refused on Content-Length before reading, and reading stops at the limit
 * (node:http front: listen.ts; Web handler: the SDK's bounded reader).
 */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;

const CORS_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, X-Oddkit-Client",
  "Access-Control-Expose-Headers": "Mcp-Session-Id, Mcp-Protocol-Version",
} as const;

export interface HttpHandlerOptions {
  readonly name: string;
  readonly version: string;
  readonly toolNames: readonly string[];
  /** A fresh MCP server per session. */
  readonly newServer: () => Server;
  /** Answer POSTs with JSON bodies instead of SSE streams (default: SSE, as the real server). */
  readonly jsonResponse?: boolean;
}

/** Idle time after which a session is forgotten (its id then answers 404). */
const SESSION_IDLE_MS = 30 * 60_000;
/** Sessions kept at once; the least recently used is dropped first. */
const MAX_SESSIONS = 1000;

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly server: Server;
}

export interface FetchHandler {
  fetch(request: Request): Promise<Response>;
  /** Live sessions. */
  readonly sessionCount: number;
  close(): Promise<void>;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return json({ jsonrpc: "2.0", error: { code, message }, id: null }, status);
}

function withCors(response: Response, origin: string | null): Response {
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Allow-Origin", origin ?? "*");
  if (origin) headers.append("Vary", "Origin");
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function closeSession(session: Session): Promise<void> {
  await session.server.close().catch(() => undefined);
}

export function createFetchHandler(options: HttpHandlerOptions): FetchHandler {
  const sessions = new LRUCache<string, Session>({
    max: MAX_SESSIONS,
    ttl: SESSION_IDLE_MS,
    updateAgeOnGet: true,
    dispose: (session) => void closeSession(session),
  });

  async function handleMcp(request: Request): Promise<Response> {
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) {
        return jsonRpcError(
          404,
          -32001,
          "Session not found: it expired or was closed. Initialize a new session.",
        );
      }
      return session.transport.handleRequest(request);
    }
    if (request.method !== "POST") {
      return jsonRpcError(
        400,
        -32000,
        "Bad Request: Mcp-Session-Id header is required. Initialize with a POST first.",
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: options.jsonResponse ?? false,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    const server = options.newServer();
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    // A first message that was not `initialize` opened no session: release its server.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await closeSession({ transport, server });
    return response;
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "OPTIONS") return new Response(null, { status: 204 });
    if (url.pathname === MCP_PATH) return handleMcp(request);
    if (request.method === "GET" && url.pathname === HEALTH_PATH) {
      return json({
        ok: true,
        service: "oddkit",
        version: options.version,
        endpoints: { mcp: MCP_PATH, health: HEALTH_PATH },
      });
    }
    if (request.method === "GET" && url.pathname === SERVER_CARD_PATH) {
      return json({
        mcpServers: {
          [options.name]: {
            url: `${url.origin}${MCP_PATH}`,
            name: options.name,
            version: options.version,
            transport: "streamable-http",
            capabilities: { tools: {} },
            tools: [...options.toolNames],
          },
        },
      });
    }
    return json(
      { error: `Not found: ${url.pathname}. Endpoints: ${MCP_PATH}, ${HEALTH_PATH}, ${SERVER_CARD_PATH}.` },
      404,
    );
  }

  return {
    async fetch(request) {
      return withCors(await route(request), request.headers.get("origin"));
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(closeSession));
    },
  };
}
