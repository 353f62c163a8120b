/**
 * `withShims(client)`: the typed client, era-aware. Against a pre-contract
 * server every retrieval action is answered by the forward shim (the whole
 * contract computed locally from legacy calls, marked `meta.emulated`, its
 * cost in `meta.extraCalls`/`extraBytes`/`extraTokens`); against a window or
 * post-window server the client is used as is. The shim copies nothing of
 * the client: it composes it with an answer strategy (src/client/answer.ts),
 * so every call takes the client's one request path — parameter mapping,
 * contract check, `requirePublic`, per-call `signal` and `cache`, validation,
 * error mapping, events, `paginate` — and only the answer of a pre-contract
 * server comes from the forward shim. Code cannot tell emulated answers apart
 * except by `meta`.
 */

import { type AnswerStrategy, composeClient } from "../client/answer.js";
import type { OddkitClient, ResultMeta } from "../client/types.js";
import { type DetectEraOptions, detectEraFrom, type Era } from "./era.js";
import { ForwardShim, type ForwardShimOptions } from "./forward/emulate.js";

/** `meta` of an emulated result: what the legacy calls behind it cost. */
export interface EmulatedResultMeta extends ResultMeta {
  readonly emulated: true;
  /** Legacy calls made for this result (0 when the shim's caches answered). */
  readonly extraCalls: number;
  /** Bytes of those legacy answers. */
  readonly extraBytes: number;
  /** cl100k tokens of those legacy answers (null when the client does not count tokens). */
  readonly extraTokens: number | null;
}

export interface WithShimsOptions {
  /** Contract landing version N and/or an explicit era (skips detection). */
  readonly era?: DetectEraOptions;
  /** Forward shim tuning: body-fetch concurrency, cache TTL, kind map. */
  readonly forward?: ForwardShimOptions;
  /** Largest emulated result accepted, bytes (default: the client's `maxResponseBytes`, 2 MiB unless set). */
  readonly maxResponseBytes?: number;
}

export interface ShimmedClient extends OddkitClient {
  /** The server's era, from MCP serverInfo and oddkit_version (detected once). */
  era(): Promise<Era>;
  /** The forward shim answering retrieval calls while the server is pre-contract. */
  readonly forward: ForwardShim;
}

/** Where errors about an emulated answer say it came from (`request.endpoint`). */
const FORWARD_ENDPOINT = "forward-shim";

/**
 * The client, era-aware: the same session, cache and options, composed with
 * the forward shim's answer strategy. Needs a client made by
 * `createOddkitClient`.
 */
export function withShims(client: OddkitClient, options: WithShimsOptions = {}): ShimmedClient {
  const forward = new ForwardShim((name, args) => client.callTool(name, args), options.forward);
  let detected: Promise<Era> | null = null;

  const era = (): Promise<Era> => {
    detected ??= (async () => {
      if (options.era?.override) return options.era.override;
      const [info, version] = await Promise.all([
        client.serverInfo().catch(() => undefined),
        client.version().catch(() => undefined),
      ]);
      return detectEraFrom(
        { serverInfoVersion: info?.version, oddkitVersion: version?.server_version },
        options.era,
      );
    })();
    detected.catch(() => {
      detected = null; // a failed probe is retried on the next call
    });
    return detected;
  };

  // A window or post-window server answers itself; a pre-contract one through the forward shim.
  const emulate: AnswerStrategy = async ({ request, signal, fresh }) => {
    if ((await era()) !== "pre-contract") return null;
    const answer = await forward.answer(request, { ...(signal ? { signal } : {}), fresh });
    const meta: Pick<EmulatedResultMeta, "emulated" | "extraCalls" | "extraBytes" | "extraTokens"> = {
      emulated: true,
      extraCalls: answer.cost.calls,
      extraBytes: answer.cost.bytes,
      extraTokens: answer.cost.tokens,
    };
    return {
      text: answer.text,
      isError: answer.isError,
      endpoint: FORWARD_ENDPOINT,
      ...(options.maxResponseBytes !== undefined ? { maxResponseBytes: options.maxResponseBytes } : {}),
      meta,
    };
  };

  // The composed client is a fresh object of ours: era and forward join it (it stays composable).
  return Object.assign(composeClient(client, emulate), { era, forward });
}
