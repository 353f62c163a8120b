/**
 * Grouped search: one ranked list per kind, never one blended ranking.
 *
 * Scores of different kinds (and of different servers) are not comparable,
 * so each kind is searched on its own (`include: [kind]`, one call per kind)
 * and each group keeps its own order; a caller that queries several servers
 * gets one group per server and kind. Every hit keeps its rank origin
 * (method, rank within its group, the server's score, kind, server). The
 * typed client checks each answer's `filters_applied` echo against the
 * request (contract check 2), so a group holds only the kind it asked for.
 */
import type { CallOptions, OddkitClient } from "../client/types.js";
import {
  type Filters,
  type Flag,
  type Kind,
  type PermittedFlag,
  pickFilters,
  resolveKindSet,
} from "../contract/index.js";
import { HELPERS, type HelperOverrides, useCaseById, useCaseRequest } from "../helpers/index.js";
import { OddkitAgentOptionsError } from "./errors.js";
import { originOf } from "./links.js";
import type { LooseEntry, RankOrigin } from "./types.js";

/** What grouped search needs from a client. */
export type SearchClient = Pick<OddkitClient, "search">;

/** One of several servers, named for its groups. */
export interface ServerTarget {
  readonly name: string;
  readonly client: SearchClient;
}

/** Search request: the client's `search` parameters (`query`, disclosure, limit, offset, filters). */
export type GroupedSearchParams = {
  readonly query: string;
  readonly disclosure?: readonly PermittedFlag<"search">[];
} & Readonly<Record<string, unknown>>;

export interface GroupOrigin extends RankOrigin {
  readonly kind: Kind;
  /** The server's name, when several servers were searched. */
  readonly server?: string;
}

export type GroupedHit = LooseEntry & { readonly rank_origin: GroupOrigin };

/** One kind's ranked list (from one server): the search result's fields, with its own ranking. */
export interface SearchGroup {
  readonly server?: string;
  readonly kind: Kind;
  readonly status: string;
  readonly data: GroupedHit[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly disclosure_applied: readonly Flag[];
  readonly filters_applied: Readonly<Record<string, unknown>>;
}

export interface GroupedSearch {
  readonly query: string;
  readonly grouped: true;
  /** The kinds searched (the request's include/exclude, default include when neither). */
  readonly kinds: Kind[];
  /** Server names, in the order given, when several servers were searched. */
  readonly servers?: string[];
  /** Server by server (in the order given), kind by kind (in enumeration order). */
  readonly groups: SearchGroup[];
}

function targetsOf(fn: string, target: SearchClient | readonly ServerTarget[]): ServerTarget[] | null {
  if (!Array.isArray(target)) return null;
  if (target.length === 0) {
    throw new OddkitAgentOptionsError(fn, "servers", "pass at least one { name, client } to search.");
  }
  const names = new Set<string>();
  for (const t of target as readonly ServerTarget[]) {
    if (typeof t?.name !== "string" || t.name === "" || typeof t.client?.search !== "function") {
      throw new OddkitAgentOptionsError(
        fn,
        "servers",
        "each server must be { name: non-empty string, client: an oddkit client }.",
      );
    }
    if (names.has(t.name)) {
      throw new OddkitAgentOptionsError(
        fn,
        "servers",
        `two servers are named '${t.name}'; names label groups and must differ.`,
      );
    }
    names.add(t.name);
  }
  return [...(target as readonly ServerTarget[])];
}

async function searchOneKind(
  client: SearchClient,
  params: GroupedSearchParams,
  kind: Kind,
  server: string | undefined,
  options: CallOptions | undefined,
): Promise<SearchGroup> {
  const { include: _include, exclude: _exclude, ...rest } = params;
  const request = { ...rest, include: [kind] };
  const result = (await client.search(request as never, options)) as unknown as SearchGroup & {
    data: LooseEntry[];
  };
  const data = result.data.map((entry, i) => {
    const origin = originOf("search", request, entry, result.offset + i + 1);
    const rank_origin: GroupOrigin = server === undefined ? { ...origin, kind } : { ...origin, kind, server };
    return { ...entry, rank_origin };
  });
  return {
    ...(server === undefined ? {} : { server }),
    kind,
    status: result.status,
    data,
    total: result.total,
    limit: result.limit,
    offset: result.offset,
    disclosure_applied: result.disclosure_applied,
    filters_applied: result.filters_applied,
  };
}

/**
 * `search` as one ranked list per kind (one call per kind), on one client or
 * on several named servers (grouped by server, then kind).
 */
export async function searchGrouped(
  target: SearchClient | readonly ServerTarget[],
  params: GroupedSearchParams,
  options?: CallOptions,
): Promise<GroupedSearch> {
  const fn = "searchGrouped";
  const servers = targetsOf(fn, target);
  if (typeof params?.query !== "string") {
    throw new OddkitAgentOptionsError(fn, "query", "pass the search text as params.query.");
  }
  const kinds = resolveKindSet(pickFilters(params) as Pick<Filters, "include" | "exclude">);
  const list = servers ?? [{ name: undefined, client: target as SearchClient }];
  const calls = list.flatMap((s) =>
    kinds.map((kind) => searchOneKind(s.client, params, kind, s.name, options)),
  );
  const groups = await Promise.all(calls);
  return {
    query: params.query,
    grouped: true,
    kinds,
    ...(servers ? { servers: servers.map((s) => s.name) } : {}),
    groups,
  };
}

const GLOBAL_SEARCH = useCaseById("global-search");

export type GlobalSearchOptions = HelperOverrides<Extract<typeof GLOBAL_SEARCH, { id: "global-search" }>> & {
  /** One ranked list per kind (and per server) instead of the single ranking of the helper. */
  readonly grouped?: boolean;
};

/**
 * The global-search use case (its disclosure and page size), grouped by kind
 * with `{ grouped: true }`; without it, exactly the `globalSearch` helper.
 * Several servers can only be searched grouped: their scores share no scale.
 */
export async function globalSearch(
  target: SearchClient | readonly ServerTarget[],
  query: string,
  options: GlobalSearchOptions & { readonly grouped: true },
): Promise<GroupedSearch>;
export async function globalSearch(
  target: Parameters<typeof HELPERS.globalSearch>[0],
  query: string,
  options?: GlobalSearchOptions & { readonly grouped?: false },
): Promise<Awaited<ReturnType<typeof HELPERS.globalSearch>>>;
export async function globalSearch(
  target: SearchClient | readonly ServerTarget[] | Parameters<typeof HELPERS.globalSearch>[0],
  query: string,
  options: GlobalSearchOptions = {},
): Promise<unknown> {
  const { grouped, ...overrides } = options;
  if (grouped === true) {
    if (!GLOBAL_SEARCH) throw new Error("the global-search use case is missing from USE_CASES");
    const request = useCaseRequest(GLOBAL_SEARCH, query, overrides as Record<string, unknown>);
    return searchGrouped(target as SearchClient | readonly ServerTarget[], request as GroupedSearchParams);
  }
  if (Array.isArray(target)) {
    throw new OddkitAgentOptionsError(
      "globalSearch",
      "grouped",
      "results from several servers are grouped, never blended into one ranking: pass { grouped: true }.",
    );
  }
  return HELPERS.globalSearch(target as Parameters<typeof HELPERS.globalSearch>[0], query, overrides);
}
