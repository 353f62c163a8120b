/**
 * How the shims reach a server: one function that calls a tool by name and
 * returns the parsed JSON envelope. `client.callTool` of the typed client has
 * exactly this shape; tests may pass a server's own `callTool`.
 */

export interface ToolCallAnswer {
  readonly envelope: unknown;
  readonly isError: boolean;
  /** Size of the answer as received (bytes of the JSON text, cl100k tokens when counted). */
  readonly meta?: { readonly bytes?: number; readonly tokens?: number | null };
}

export type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<ToolCallAnswer>;

/** What a shimmed result cost in real server calls. */
export interface ShimCost {
  /** Server calls made to compute the result. */
  readonly calls: number;
  /** Bytes of every answer read (sum). */
  readonly bytes: number;
  /** cl100k tokens of every answer read (sum); null when any answer was not counted. */
  readonly tokens: number | null;
}

/** Counts the calls a shimmed result costs. One meter per emulated request. */
export class CostMeter {
  calls = 0;
  bytes = 0;
  tokens: number | null = 0;

  constructor(
    private readonly caller: ToolCaller,
    private readonly signal?: AbortSignal,
  ) {}

  readonly call: ToolCaller = async (name, args) => {
    // An aborted request makes no further call (calls already in flight finish unobserved).
    this.signal?.throwIfAborted();
    const answer = await this.caller(name, args);
    this.signal?.throwIfAborted();
    this.add(answer);
    return answer;
  };

  add(answer: ToolCallAnswer): void {
    this.calls++;
    this.bytes += answer.meta?.bytes ?? 0;
    const tokens = answer.meta?.tokens;
    this.tokens =
      this.tokens === null || tokens === undefined || tokens === null ? null : this.tokens + tokens;
  }

  cost(): ShimCost {
    return { calls: this.calls, bytes: this.bytes, tokens: this.tokens };
  }
}

/** The `result` of a tool answer's envelope (`{action, result, …}`), or the envelope itself. */
export function resultOf(answer: ToolCallAnswer): unknown {
  const envelope = answer.envelope;
  if (typeof envelope === "object" && envelope !== null && "result" in envelope) {
    return (envelope as { result: unknown }).result;
  }
  return envelope;
}
