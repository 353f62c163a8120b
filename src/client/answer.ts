/**
 * Answer strategies: how a client obtains the answer to one retrieval call
 * when the server cannot give it as is. The client owns the one request path
 * (friendly params → wire params → contract check → answer → fail-closed
 * validation → result + meta, events, per-call `signal` and `cache`); a
 * strategy only decides where the answer comes from, the way a ky
 * `beforeRequest` hook may return a Response instead of letting ky fetch.
 * The forward shim (`withShims`) is one: against a pre-contract server it
 * computes the answer from legacy calls; otherwise it lets the server answer.
 */
import type { Action, ResolvedRequest } from "../contract/index.js";
import type { OddkitClient, ResultMeta } from "./types.js";

/** One validated retrieval call, as a strategy sees it. */
export interface AnswerCall {
  readonly action: Action;
  /** The request the contract core resolved (defaults applied, flags canonical). */
  readonly request: ResolvedRequest;
  /** The wire parameters sent (or that would be sent) to the server. */
  readonly wire: Readonly<Record<string, unknown>>;
  /** The caller's abort signal: a strategy stops its own work when it fires. */
  readonly signal?: AbortSignal;
  /**
   * The caller passed `cache: false`: a fresh answer is wanted, so a strategy
   * must not answer from what it cached. (Pages of `paginate` are not fresh
   * calls: they skip the client's result cache only so a walk never mixes
   * answers from different moments.)
   */
  readonly fresh: boolean;
}

/** An answer obtained elsewhere than the server: the tool result's text, validated by the client like a server's. */
export interface StrategyAnswer {
  /** The JSON text of the tool result's content item (the envelope `{action, result, …}`). */
  readonly text: string;
  readonly isError: boolean;
  /** Where the answer came from, as errors name it (`request.endpoint`). */
  readonly endpoint: string;
  /** Largest answer accepted, bytes (default: the client's `maxResponseBytes`). */
  readonly maxResponseBytes?: number;
  /** Fields added to the result's `meta` (e.g. `emulated: true` and the cost of computing it). */
  readonly meta?: Partial<ResultMeta> & Readonly<Record<string, unknown>>;
}

/**
 * How a client obtains an answer: `null` lets the server answer (the client's
 * result cache and MCP call); an answer is used instead, never cached by the
 * client (the strategy keeps its own caches, and honours `fresh`).
 */
export type AnswerStrategy = (call: AnswerCall) => Promise<StrategyAnswer | null>;

type Composer = (strategy: AnswerStrategy) => OddkitClient;

// Clients made by createOddkitClient, each with how to compose it with one more strategy.
const composers = new WeakMap<OddkitClient, Composer>();

/** Called by createOddkitClient for every client it hands out. */
export function registerComposer(client: OddkitClient, compose: Composer): void {
  composers.set(client, compose);
}

/**
 * The same client (session, cache, options, telemetry) with one more answer
 * strategy, tried after the ones it already has. Only clients made by
 * `createOddkitClient` (or composed from one) can be composed.
 */
export function composeClient(client: OddkitClient, strategy: AnswerStrategy): OddkitClient {
  const compose = composers.get(client);
  if (!compose) {
    throw new TypeError(
      "this client cannot be composed with an answer strategy: pass a client made by createOddkitClient (or by withShims)",
    );
  }
  return compose(strategy);
}
