/**
 * What a server really served, counted outside the client: an embedded
 * server front (`InMemoryServer`, what `createOddkitClient({ server })`
 * takes) that forwards every MCP message to the reference server of the
 * moment and tallies each tool result it carries back — calls, UTF-8 bytes
 * and tokens of the result text (the unit of a client's `meta`), per tool.
 *
 * The server behind it can be replaced (`switchTo`: the knowledge base
 * changed and was served anew, as a redeploy does): a live connection opens a
 * session on the new server on its next message, replaying the client's
 * `initialize` handshake, so the client keeps its session and its cache.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { byteLength } from "../bytes.js";
import type { InMemoryServer } from "../client/session.js";
import type { ReferenceServer } from "../server/index.js";

/** Calls, bytes and tokens of what was served. */
export interface ServedFigures {
  calls: number;
  bytes: number;
  tokens: number;
}

export type TextTokenCounter = (text: string) => number | Promise<number>;

type Message = JSONRPCMessage & { id?: string | number; method?: string; params?: unknown; result?: unknown };

const zero = (): ServedFigures => ({ calls: 0, bytes: 0, tokens: 0 });

/** The text item of a tool result, as the client reads it (what its `meta` counts). */
function resultText(result: unknown): string {
  const content = (result as { content?: unknown })?.content;
  const first = Array.isArray(content) ? (content[0] as { text?: unknown }) : undefined;
  return typeof first?.text === "string" ? first.text : JSON.stringify(result ?? null);
}

export class CountingServer implements InMemoryServer {
  #current: ReferenceServer;
  #generation = 0;
  readonly #countTokens: TextTokenCounter;
  readonly #pending = new Set<Promise<void>>();
  readonly #byTool = new Map<string, ServedFigures>();

  constructor(server: ReferenceServer, countTokens: TextTokenCounter) {
    this.#current = server;
    this.#countTokens = countTokens;
  }

  /** The server answering now. */
  get current(): ReferenceServer {
    return this.#current;
  }

  /** Serve from `server` from now on (the caller closes the one it replaces when it is done with it). */
  switchTo(server: ReferenceServer): void {
    this.#current = server;
    this.#generation++;
  }

  /** Every figure counted so far (token counts are settled first). */
  async tally(): Promise<{ total: ServedFigures; byTool: ReadonlyMap<string, ServedFigures> }> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
    const total = zero();
    const byTool = new Map<string, ServedFigures>();
    for (const [tool, f] of this.#byTool) {
      byTool.set(tool, { ...f });
      total.calls += f.calls;
      total.bytes += f.bytes;
      total.tokens += f.tokens;
    }
    return { total, byTool };
  }

  /** Forget what was counted (a measurement starts from here). */
  async reset(): Promise<void> {
    await this.tally();
    this.#byTool.clear();
  }

  #count(tool: string, result: unknown): void {
    const text = resultText(result);
    const figures = this.#byTool.get(tool) ?? zero();
    this.#byTool.set(tool, figures);
    figures.calls++;
    figures.bytes += byteLength(text);
    const counted = Promise.resolve(this.#countTokens(text)).then((tokens) => {
      figures.tokens += tokens;
    });
    const settled = counted.finally(() => this.#pending.delete(settled));
    this.#pending.add(settled);
  }

  async connectInMemory(options: { consumer?: string } = {}): Promise<Transport> {
    const tools = new Map<string | number, string>();
    let initialize: Message | null = null;
    let initialized: Message | null = null;
    let back: Transport | null = null;
    let generation = -1;
    let replays = 0;
    const replayed = new Map<string, () => void>();
    const front: Transport = {
      start: async () => undefined,
      send: async (message) => {
        const m = message as Message;
        if (m.method === "initialize") initialize = m;
        if (m.method === "notifications/initialized") initialized = m;
        if (m.method === "tools/call" && m.id !== undefined) {
          tools.set(m.id, String((m.params as { name?: unknown })?.name));
        }
        const link = await connect(m.method !== "initialize");
        await link.send(message);
      },
      close: async () => {
        await back?.close();
        back = null;
        front.onclose?.();
      },
    };
    const deliver = (message: JSONRPCMessage) => {
      const m = message as Message;
      if (m.id !== undefined && replayed.has(String(m.id))) {
        replayed.get(String(m.id))?.();
        return;
      }
      if (m.id !== undefined && tools.has(m.id)) {
        this.#count(tools.get(m.id) as string, m.result ?? null);
        tools.delete(m.id);
      }
      front.onmessage?.(message);
    };
    /** The session on the server of the moment; a new server gets the client's handshake first. */
    const connect = async (replay: boolean): Promise<Transport> => {
      if (back && generation === this.#generation) return back;
      const previous = back;
      generation = this.#generation;
      back = await this.#current.connectInMemory(options);
      back.onmessage = deliver;
      await back.start();
      await previous?.close();
      if (replay && initialize) {
        const id = `served-replay-${++replays}`;
        const answered = new Promise<void>((resolve) => replayed.set(id, resolve));
        await back.send({ ...initialize, id } as JSONRPCMessage);
        await answered;
        replayed.delete(id);
        if (initialized) await back.send(initialized as JSONRPCMessage);
      }
      return back;
    };
    return front;
  }
}
