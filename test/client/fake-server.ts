/**
 * A tiny contract-compliant MCP server for the client's unit tests: a handful
 * of documents, answers built with the contract core (so they comply), every
 * tool call counted, and a hook to rewrite any answer (the fault cases).
 * Reachable in memory (`connectInMemory`) and over HTTP as a Web fetch
 * handler (`fetch`), with real MCP sessions that can be expired on demand.
 */
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type Action,
  actionForTool,
  buildManyResult,
  isManyAction,
  notFoundError,
  projectEntry,
  VERSION_TOOL,
  validateRequest,
} from "../../src/contract/index.js";

export interface FakeDoc {
  uri: string;
  title: string;
  blockquote: string | null;
  metadata: Record<string, unknown>;
  summary: string | null;
  body: string;
}

export function makeDocs(n: number, prefix = "docs/doc"): FakeDoc[] {
  return Array.from({ length: n }, (_, i) => {
    const id = String(i + 1).padStart(4, "0");
    return {
      uri: `klappy://${prefix}-${id}`,
      title: `Document ${id}`,
      blockquote: `What document ${id} is about.`,
      metadata: { title: `Document ${id}`, audience: "docs", exposure: "nav", tier: 2 },
      summary: `Summary of document ${id}.`,
      body: `# Document ${id}\n\nBody of document ${id}.`,
    };
  });
}

type Json = Record<string, unknown>;

export interface ToolCall {
  readonly name: string;
  readonly args: Json;
}

export interface FakeServerOptions {
  docs?: FakeDoc[];
  /** knowledge_base_revision reported by oddkit_version (null: none). */
  revision?: string | null;
  /** Rewrite the compliant answer (envelope object) or replace the whole tool result. */
  rewrite?: (call: ToolCall, envelope: Json) => Json | CallToolResult | undefined;
}

export function textResult(text: string, isError = false): CallToolResult {
  return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
}

/** The compliant answer of the fake knowledge base to one retrieval call. */
export function compliantAnswer(
  docs: readonly FakeDoc[],
  action: Action,
  args: Json,
): { envelope: Json; isError: boolean } {
  const validation = validateRequest(action, args);
  if (!validation.ok) return { envelope: { action, result: validation.error }, isError: true };
  const req = validation.request;
  const full = (d: FakeDoc, extra: Json) => projectEntry(action, req.disclosure, { ...d, ...extra });
  if (!isManyAction(action)) {
    const doc = docs.find((d) => d.uri === args.input);
    if (!doc)
      return { envelope: { action, result: notFoundError(action, String(args.input)) }, isError: true };
    const extra: Json = { content_hash: `hash-of-${doc.uri}` };
    if (action === "resolve") extra.supersession_chain = [];
    return {
      envelope: {
        action,
        result: { status: "FOUND", data: full(doc, extra), disclosure_applied: req.disclosure },
      },
      isError: false,
    };
  }
  const matching =
    action === "search"
      ? docs.filter((d) => `${d.title} ${d.body}`.toLowerCase().includes(String(args.input).toLowerCase()))
      : [...docs];
  const page = matching.slice(req.offset, req.offset + req.limit);
  const data = page.map((d, i) =>
    full(
      d,
      action === "search"
        ? { score: 1 - (req.offset + i) / 10_000, snippet: d.title }
        : action === "catalog"
          ? { position: req.offset + i + 1 }
          : { role: "relevant" },
    ),
  );
  return {
    envelope: {
      action,
      result: buildManyResult(req, data, matching.length),
      server_time: "2026-11-29T00:00:00Z",
    },
    isError: false,
  };
}

export class FakeServer {
  docs: FakeDoc[];
  revision: string | null;
  rewrite: FakeServerOptions["rewrite"];
  readonly calls: ToolCall[] = [];
  readonly #sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  /** HTTP requests seen by `fetch` (method, session id, headers). */
  readonly httpRequests: Request[] = [];

  constructor(options: FakeServerOptions = {}) {
    this.docs = options.docs ?? makeDocs(3);
    this.revision = options.revision === undefined ? "rev-1" : options.revision;
    this.rewrite = options.rewrite;
  }

  /** Tool calls so far, optionally of one tool. */
  count(name?: string): number {
    return name ? this.calls.filter((c) => c.name === name).length : this.calls.length;
  }

  answer(name: string, args: Json): CallToolResult {
    const call = { name, args };
    this.calls.push(call);
    let envelope: Json;
    let isError = false;
    if (name === VERSION_TOOL) {
      envelope = {
        action: "version",
        result: { server_version: "fake-1.0.0", knowledge_base_revision: this.revision },
      };
    } else {
      const action = actionForTool(name);
      if (action === null) return textResult(`unknown tool ${name}`, true);
      ({ envelope, isError } = compliantAnswer(this.docs, action, args));
    }
    const rewritten = this.rewrite?.(call, envelope);
    if (rewritten && Array.isArray((rewritten as CallToolResult).content)) return rewritten as CallToolResult;
    return textResult(JSON.stringify(rewritten ?? envelope), isError);
  }

  #mcpServer(): Server {
    const server = new Server({ name: "fake-oddkit", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(CallToolRequestSchema, async (request) =>
      this.answer(request.params.name, (request.params.arguments ?? {}) as Json),
    );
    return server;
  }

  /** Client-side transport of a fresh in-memory connection. */
  async connectInMemory(): Promise<Transport> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await this.#mcpServer().connect(serverSide);
    return clientSide;
  }

  /** Web fetch handler for POST/GET/DELETE /mcp with real sessions. */
  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    this.httpRequests.push(request.clone());
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const transport = this.#sessions.get(sessionId);
      if (!transport) {
        return Response.json(
          { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null },
          { status: 404 },
        );
      }
      return transport.handleRequest(request);
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        this.#sessions.set(id, transport);
      },
    });
    await this.#mcpServer().connect(transport);
    return transport.handleRequest(request);
  };

  /** Forget every HTTP session (as a server restart or session expiry would). */
  expireSessions(): void {
    this.#sessions.clear();
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }
}
