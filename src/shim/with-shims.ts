/**
 * `withShims(client)`: the typed client, era-aware. Against a pre-contract
 * server every retrieval action is answered by the forward shim (the whole
 * contract computed locally from legacy calls, marked `meta.emulated`, its
 * cost in `meta.extraCalls`/`extraBytes`/`extraTokens`); against a window or
 * post-window server the client is used as is. Emulated answers go through
 * the client's own validation and error mapping, so code cannot tell them
 * apart except by `meta`.
 */

import { DEFAULT_MAX_RESPONSE_BYTES } from "../client/client.js";
import { paginateEntries } from "../client/paginate.js";
import { toolName, toWireParams } from "../client/params.js";
import type { OddkitClient, PaginateOptions, ResultMeta } from "../client/types.js";
import { validateToolResult } from "../client/validate.js";
import {
  ACTION_SPECS,
  type Action,
  MANY_ACTIONS,
  type ManyAction,
  validateRequest,
} from "../contract/index.js";
import { type OddkitErrorOptions, OddkitRequestError } from "../errors/index.js";
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
  /** Largest emulated result accepted, bytes (default 2 MiB, as the client). */
  readonly maxResponseBytes?: number;
}

export interface ShimmedClient extends OddkitClient {
  /** The server's era, from MCP serverInfo and oddkit_version (detected once). */
  era(): Promise<Era>;
  /** The forward shim answering retrieval calls while the server is pre-contract. */
  readonly forward: ForwardShim;
}

const clock = (): number => (typeof performance !== "undefined" ? performance.now() : Date.now());

export function withShims(client: OddkitClient, options: WithShimsOptions = {}): ShimmedClient {
  const forward = new ForwardShim((name, args) => client.callTool(name, args), options.forward);
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
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

  /** One retrieval action answered by the forward shim, validated and typed like a server answer. */
  async function emulate(action: Action, params: unknown): Promise<Record<string, unknown>> {
    const started = clock();
    const tool = toolName(action);
    const mapped = toWireParams(action, params);
    const errorOptions = (wire: Record<string, unknown>): OddkitErrorOptions => ({
      action,
      request: { tool, params: wire, endpoint: "forward-shim" },
    });
    if (!mapped.ok) {
      throw new OddkitRequestError(mapped.error, { ...errorOptions((params ?? {}) as never), sent: false });
    }
    const wire = mapped.wire;
    const validation = validateRequest(action, wire);
    if (!validation.ok)
      throw new OddkitRequestError(validation.error, { ...errorOptions(wire), sent: false });
    const answer = await forward.answer(validation.request);
    const read = validateToolResult(
      { content: [{ type: "text", text: answer.text }], isError: answer.isError },
      validation.request,
      wire,
      maxResponseBytes,
      errorOptions(wire),
    );
    const meta: EmulatedResultMeta = {
      bytes: read.bytes,
      tokens: null,
      cached: false,
      revalidated: false,
      durationMs: clock() - started,
      emulated: true,
      extraCalls: answer.cost.calls,
      extraBytes: answer.cost.bytes,
      extraTokens: answer.cost.tokens,
    };
    return Object.assign(read.envelope.result as Record<string, unknown>, { meta });
  }

  const routed =
    <A extends Action>(action: A) =>
    async (params: unknown) =>
      (await era()) === "pre-contract"
        ? emulate(action, params)
        : (client[action] as (p: unknown) => Promise<unknown>)(params);

  const shimmed: ShimmedClient = {
    ...client,
    search: routed("search") as OddkitClient["search"],
    catalog: routed("catalog") as OddkitClient["catalog"],
    preflight: routed("preflight") as OddkitClient["preflight"],
    get: routed("get") as OddkitClient["get"],
    resolve: routed("resolve") as OddkitClient["resolve"],
    paginate: ((action: ManyAction, params: Record<string, unknown>, paginateOptions?: PaginateOptions) => {
      if (!ACTION_SPECS[action]?.many) {
        throw new TypeError(
          `paginate: '${String(action)}' is not a multi-result action (${MANY_ACTIONS.join(", ")})`,
        );
      }
      return (async function* () {
        if ((await era()) !== "pre-contract") {
          yield* client.paginate(action, params as never, paginateOptions);
          return;
        }
        yield* paginateEntries(
          action,
          params ?? {},
          async (page) => (await emulate(action, page)) as never,
          paginateOptions,
        );
      })();
    }) as OddkitClient["paginate"],
    era,
    forward,
  };
  return shimmed;
}
