/**
 * The typed client's public surface. Parameter types are the contract's wire
 * requests with `input` renamed to the action's friendly name; result entry
 * types follow the `disclosure` literal passed (or the action's default).
 */
import type {
  Action,
  ActionSpecs,
  ContractResult,
  DefaultDisclosure,
  Entry,
  Flag,
  LegacyResultFieldName,
  ManyAction,
  PermittedFlag,
  RequestInput,
} from "../contract/index.js";

/** The action's `input` under its friendly name (`ACTION_SPECS[action].input.name`), if it takes one. */
export type FriendlyInput<A extends Action> = ActionSpecs[A]["input"] extends {
  readonly name: infer N extends string;
}
  ? { [K in N]: string }
  : unknown;

/** Friendly request parameters: `input` becomes `query` (search), `uri` (get/resolve) or `task` (preflight). */
export type ClientParams<A extends Action, F extends readonly Flag[] = readonly PermittedFlag<A>[]> = Omit<
  RequestInput<A>,
  "input" | "disclosure"
> & { disclosure?: F } & FriendlyInput<A>;

/** Flags of a call: the literal passed, else the action's declared default. */
export type FlagsOf<A extends Action, F extends readonly Flag[] | undefined> = F extends readonly Flag[]
  ? F[number]
  : DefaultDisclosure<A>;

/** Accounting attached to every result. */
export interface ResultMeta {
  /** UTF-8 bytes of the tool result's JSON text as received. */
  readonly bytes: number;
  /** cl100k tokens of that text; null when token counting is off. */
  readonly tokens: number | null;
  /** Served from the cache without a server call. */
  readonly cached: boolean;
  /** Served from the cache after a version probe confirmed the revision (no refetch). */
  readonly revalidated: boolean;
  readonly durationMs: number;
  /** Computed locally by the forward shim from legacy calls (pre-contract server). */
  readonly emulated: boolean;
  /** Extra server calls the result cost (forward shim body fetches), when any. */
  readonly extraCalls?: number;
  /** Server knowledge_base_revision the result was fetched at, when known. */
  readonly revision?: string;
}

/**
 * Legacy (0.28.x) result fields that ride beside the contract ones during the
 * deprecation window (`include_legacy_envelope: true`): always optional and
 * `unknown`, so cutover code that still reads `result.articles` compiles and
 * must check what it gets. Names the contract already uses keep their contract type.
 */
export type LegacyResultFields<A extends Action> = {
  readonly [K in Exclude<LegacyResultFieldName<A>, keyof ContractResult<A, never>>]?: unknown;
};

/**
 * What a client method resolves to: the contract answer of action `A` at
 * disclosure `F` (entry types follow the flags), the optional legacy fields of
 * the deprecation window, and `meta` (bytes, tokens, cache, timing).
 */
export type ClientResult<A extends Action, F extends Flag> = ContractResult<A, F> &
  LegacyResultFields<A> & {
    readonly meta: ResultMeta;
  };

/** Telemetry event: one per action call (and per cache hit / revalidation). */
export interface ClientEvent {
  /** `cache-error`: the cache store failed (the call went on uncached). */
  readonly type: "call" | "cache-hit" | "revalidate" | "retry" | "error" | "cache-error";
  readonly action: Action | "version" | string;
  readonly params: Record<string, unknown>;
  readonly meta?: ResultMeta;
  readonly error?: unknown;
}

/** Per-call options (second argument of every action). */
export interface CallOptions {
  /** Abort the call. */
  readonly signal?: AbortSignal;
  /** false: neither read nor write the cache for this call (default true when the client caches). */
  readonly cache?: boolean;
}

/** Options of `client.paginate` (and of the listing helpers, through `CollectOptions`). */
export interface PaginateOptions {
  /** What to do when `total` changes between pages: throw (default) or restart from offset 0. */
  readonly onTotalChange?: "throw" | "restart";
  /** Hard upper bound on entries yielded (default 100_000); exceeding it throws. */
  readonly maxEntries?: number;
}

/** What `client.version()` answers. */
export interface ServerVersion {
  /** The server's version ("unknown" when its version answer names none). */
  readonly server_version: string;
  readonly knowledge_base_revision: string | null;
}

/** The parameters of action `A`'s method: optional when the action takes no input (catalog). */
export type ActionArgs<A extends Action, F extends readonly PermittedFlag<A>[] | undefined> = [
  ActionSpecs[A]["input"],
] extends [null]
  ? [
      params?: ClientParams<A, NonNullable<F> | readonly PermittedFlag<A>[]> & { disclosure?: F },
      options?: CallOptions,
    ]
  : [
      params: ClientParams<A, NonNullable<F> | readonly PermittedFlag<A>[]> & { disclosure?: F },
      options?: CallOptions,
    ];

/** One retrieval action as a client method, its result typed by the disclosure literal passed. */
export type ActionMethod<A extends Action> = <
  const F extends readonly PermittedFlag<A>[] | undefined = undefined,
>(
  ...args: ActionArgs<A, F>
) => Promise<ClientResult<A, FlagsOf<A, F>>>;

/** The retrieval actions, one method each, derived from the contract's action table (ACTION_SPECS). */
export type OddkitActions = { readonly [A in Action]: ActionMethod<A> };

/**
 * A client from `createOddkitClient`: one method per retrieval action
 * (`search`, `catalog`, `get`, `resolve`, `preflight`), `paginate` over every
 * entry of a listing, `version`, the untyped `callTool`, and `close`.
 */
export interface OddkitClient extends OddkitActions {
  /** Async iterator over every entry of a multi-result action, page size = the active cap. */
  paginate<A extends ManyAction, const F extends readonly PermittedFlag<A>[] | undefined = undefined>(
    action: A,
    params: ClientParams<A, NonNullable<F> | readonly PermittedFlag<A>[]> & { disclosure?: F },
    options?: PaginateOptions,
  ): AsyncIterable<Entry<A, FlagsOf<A, F>>>;
  /** `oddkit_version`: server version and knowledge_base_revision (null when the server reports none). */
  version(): Promise<ServerVersion>;
  /** Call any tool by name, untouched (non-retrieval tools, legacy tools); returns the parsed JSON envelope. */
  callTool(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ envelope: unknown; isError: boolean; meta: ResultMeta }>;
  /** MCP `serverInfo` once connected. */
  serverInfo(): Promise<{ name: string; version: string }>;
  close(): Promise<void>;
}
