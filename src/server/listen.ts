/**
 * node:http in front of the fetch handler: the same routes on a real socket,
 * bound to 127.0.0.1 by default (port 0 picks a free port).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { MAX_REQUEST_BODY_BYTES, MCP_PATH } from "./http.js";

export interface ListenOptions {
  readonly port?: number;
  readonly host?: string;
}

export interface Listening {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export const DEFAULT_HOST = "127.0.0.1";

/** A body over MAX_REQUEST_BODY_BYTES: refused before (Content-Length) or while (chunked) it is read. */
class BodyTooLarge extends Error {}

/**
 * The body, read up to `max` bytes: a declared Content-Length over the limit
 * is refused before a byte is read, and reading stops at the first chunk
 * past it (memory stays under the limit whatever the client sends).
 */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > max) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req) {
    received += (chunk as Buffer).length;
    if (received > max) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A Web Request for a node request. MCP bodies are small JSON-RPC messages, so the (bounded) body is read first. */
async function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(await readBody(req, MAX_REQUEST_BODY_BYTES)) : undefined,
    signal,
  });
}

/** 413 with a JSON-RPC error naming the limit; the connection is closed (the rest of the body is never read). */
function refuseTooLarge(res: ServerResponse): void {
  const message = `Request body too large: at most ${MAX_REQUEST_BODY_BYTES} bytes (MAX_REQUEST_BODY_BYTES). MCP messages are small JSON-RPC objects.`;
  res.writeHead(413, { "Content-Type": "application/json", Connection: "close" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), () => {
    res.socket?.destroy();
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, response.statusText, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream; nothing left to tell it.
  }
  res.end();
}

export async function listenWith(
  handle: (request: Request) => Promise<Response>,
  options: ListenOptions = {},
): Promise<Listening> {
  const host = options.host ?? DEFAULT_HOST;
  let origin = "";
  // noDelay: an SSE answer is several small writes; Nagle would hold each behind a delayed ACK.
  const server = createServer({ noDelay: true }, (req, res) => {
    const aborter = new AbortController();
    res.on("close", () => aborter.abort());
    toRequest(req, origin, aborter.signal)
      .then(handle)
      .then((response) => send(response, res))
      .catch((error: unknown) => {
        if (error instanceof BodyTooLarge && !res.headersSent) {
          req.pause();
          refuseTooLarge(res);
          return;
        }
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = host.includes(":") ? `[${host}]` : host;
  origin = `http://${hostForUrl}:${port}`;
  return {
    url: `${origin}${MCP_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
