/**
 * Collect every entry of a listing: a page that a helper renders must hold
 * the whole answer, never the first page of it. The first page (at the cap of
 * the active flags) gives `total`; the remaining pages are fetched at once
 * (catalog order is a total order on a fixed corpus, so offsets are stable
 * and pages can be asked in any order), a few at a time. Any sign that the
 * corpus changed between pages — another `total`, another revision, a URI
 * seen twice, a page shorter than its share — throws (or, with
 * `onTotalChange: "restart"`, starts over, up to MAX_RESTARTS). A listing
 * over `maxEntries` throws before the second page: a typed error, never a
 * truncated list.
 *
 * On a client made by createOddkitClient with its cache on, the whole
 * collection is one cache record (collections.ts): served within the
 * listing's TTL, revalidated by the knowledge-base revision like a single
 * call (same revision: the whole collection again; another: every page
 * refetched), and stored only when every page was answered at one revision.
 */
import {
  type CollectionMeta,
  type CollectionOutcome,
  collectionSources,
  pageTotals,
} from "../client/collections.js";
import { OddkitPaginationError, type PaginationFailure } from "../client/errors.js";
import type { ClientResult, OddkitActions, PaginateOptions } from "../client/types.js";
import { capFor, type FiltersApplied, type Flag, type ManyAction, toolNameFor } from "../contract/index.js";

/** Entries a helper collects unless told otherwise: ten times the largest bundled listing, far below memory trouble. */
export const HELPER_MAX_ENTRIES = 10_000;
/** Pages in flight at once after the first (the server answers each from memory; more only queues). */
export const HELPER_PAGE_CONCURRENCY = 4;
/** Times a collection starts over when the corpus changes under it (`onTotalChange: "restart"`). */
export const HELPER_MAX_RESTARTS = 3;

/** Options of a listing helper's collection (its last argument) and of `collectAll`. */
export interface CollectOptions extends PaginateOptions {
  /** Pages fetched at once after the first (default HELPER_PAGE_CONCURRENCY; 1 = one after another). */
  readonly concurrency?: number;
  /** false: neither read nor write the client cache for this collection (default true when the client caches). */
  readonly cache?: boolean;
}

/**
 * What collecting cost and where the answer came from: a single call's
 * `meta` (`cached`, `revalidated`, `revision`, `bytes`, `tokens`) for the
 * whole collection, plus its pages.
 */
export interface CollectedMeta extends CollectionMeta {
  /** Pages the collection holds. */
  readonly pages: number;
  /** Entries per page (the cap of the active flags). */
  readonly pageSize: number;
}

/**
 * Every entry of a listing: the contract answer's own fields, with `data`
 * holding all pages and `total` always equal to `data.length`.
 */
export interface CollectedEntries<E> {
  readonly status: "FOUND" | "NO_MATCH";
  readonly data: E[];
  /** The server's post-filter `total`; a collection that cannot reach it throws instead. */
  readonly total: number;
  readonly disclosure_applied: Flag[];
  readonly filters_applied: FiltersApplied;
  readonly meta: CollectedMeta;
}

interface Page {
  readonly status: string;
  readonly data: readonly { readonly uri: string }[];
  readonly total: number;
  readonly disclosure_applied: Flag[];
  readonly filters_applied: FiltersApplied;
  readonly meta?: { readonly revision?: string; readonly bytes?: number; readonly tokens?: number | null };
}

type PageCall = (params: Record<string, unknown>) => Promise<Page>;

/** Run `tasks` with at most `limit` in flight; results in task order. */
async function bounded<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

class CorpusChanged extends Error {
  constructor(
    readonly reason: PaginationFailure,
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** One pass: first page, then the rest concurrently; throws CorpusChanged on any inconsistency. */
async function onePass(
  action: ManyAction,
  params: Record<string, unknown>,
  call: PageCall,
  pageSize: number,
  maxEntries: number,
  concurrency: number,
): Promise<Page[]> {
  const first = await call({ ...params, limit: pageSize, offset: 0 });
  const total = first.total;
  if (total > maxEntries) {
    throw new OddkitPaginationError(
      `${action} matches ${total} entries, over maxEntries ${maxEntries}: the helper returns whole listings or none. Narrow the filters or pass { maxEntries: ${total} } or more.`,
      {
        action,
        request: { tool: toolNameFor(action), params: { ...params, limit: pageSize, offset: 0 } },
        reason: "max-entries",
        offset: 0,
        yielded: 0,
      },
    );
  }
  const offsets: number[] = [];
  for (let offset = pageSize; offset < total; offset += pageSize) offsets.push(offset);
  const rest = await bounded(
    offsets.map((offset) => () => call({ ...params, limit: pageSize, offset })),
    concurrency,
  );
  const pages = [first, ...rest];
  const seen = new Set<string>();
  pages.forEach((page, i) => {
    const offset = i * pageSize;
    if (page.total !== total) {
      throw new CorpusChanged(
        "total-changed",
        `total changed from ${total} to ${page.total} at offset ${offset} while collecting ${action}: the knowledge base changed between pages`,
        offset,
      );
    }
    const expected = Math.min(pageSize, total - offset);
    if (page.data.length !== expected) {
      throw new CorpusChanged(
        "short-page",
        `${action} returned ${page.data.length} entries at offset ${offset}, expected ${expected} of total ${total}`,
        offset,
      );
    }
    for (const entry of page.data) {
      if (seen.has(entry.uri)) {
        throw new CorpusChanged(
          "duplicate-entry",
          `${entry.uri} appeared twice while collecting ${action} (page at offset ${offset}): the order changed between pages`,
          offset,
        );
      }
      seen.add(entry.uri);
    }
  });
  return pages;
}

/** One collection: through the client's cache when it has one (and `cache` is not false), else every page fetched. */
async function collectOnce(
  client: OddkitActions,
  action: ManyAction,
  firstPage: Record<string, unknown>,
  collect: (call: PageCall) => Promise<Page[]>,
  cache: boolean,
): Promise<{ pages: readonly Page[]; meta: CollectionMeta }> {
  const moved = () =>
    new CorpusChanged("total-changed", `${action}: the knowledge base changed between pages`, 0);
  let got: CollectionOutcome | null | undefined = await (cache ? collectionSources.get(client) : undefined)?.(
    {
      action,
      firstPage,
      collect: collect as never,
      moved,
    },
  );
  if (!got) {
    const actions = client as unknown as Record<
      string,
      (p: unknown, o: { cache: boolean }) => Promise<never>
    >;
    // Uncached pages: a collection never mixes a cached page with a fresh one.
    const pages = await collect((p) => actions[action]!(p, { cache: false }));
    got = { pages: pages as never, cached: false, revalidated: false, ...pageTotals(pages) };
  }
  const { pages, cached, revision } = got;
  const meta: CollectionMeta = {
    cached,
    revalidated: got.revalidated,
    revision: revision ?? undefined,
    calls: cached ? 0 : pages.length,
    bytes: got.bytes,
    tokens: got.tokens,
  };
  return { pages: pages as unknown as Page[], meta };
}

/**
 * Every entry of a many-result action for `params`, at the page size of the
 * active cap (or `params.limit` when it is smaller), bounded by `maxEntries`.
 * What the listing helpers use; call it for a listing no helper covers.
 *
 * @example
 * ```ts
 * import { collectAll, createOddkitClient } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const journals = await collectAll(client, "catalog", { include: "journals", disclosure: ["metadata"] });
 * console.log(journals.total === journals.data.length, journals.meta.calls); // true, pages fetched
 * ```
 */
export async function collectAll<A extends ManyAction, F extends Flag = Flag>(
  client: OddkitActions,
  action: A,
  params: Record<string, unknown>,
  options: CollectOptions = {},
): Promise<CollectedEntries<ClientResult<A, F>["data"][number]>> {
  const maxEntries = options.maxEntries ?? HELPER_MAX_ENTRIES;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? HELPER_PAGE_CONCURRENCY));
  const cap = capFor(action, params.disclosure as readonly string[] | undefined).max;
  const pageSize = typeof params.limit === "number" ? Math.min(params.limit, cap) : cap;
  const collect = (call: PageCall) => onePass(action, params, call, pageSize, maxEntries, concurrency);
  const firstPage = { ...params, limit: pageSize, offset: 0 };
  for (let attempt = 0; ; attempt++) {
    try {
      const { pages, meta } = await collectOnce(client, action, firstPage, collect, options.cache !== false);
      const first = pages[0]!;
      const data = pages.flatMap((p) => p.data);
      return {
        status: data.length > 0 ? "FOUND" : "NO_MATCH",
        data: data as never,
        total: first.total,
        disclosure_applied: first.disclosure_applied,
        filters_applied: first.filters_applied,
        meta: { ...meta, pages: pages.length, pageSize },
      };
    } catch (error) {
      if (!(error instanceof CorpusChanged)) throw error;
      if (options.onTotalChange === "restart" && attempt < HELPER_MAX_RESTARTS) continue;
      const exhausted = options.onTotalChange === "restart";
      throw new OddkitPaginationError(
        exhausted
          ? `${error.message}; gave up after ${HELPER_MAX_RESTARTS} restarts`
          : `${error.message}. Retry, or pass { onTotalChange: "restart" }`,
        {
          action,
          request: {
            tool: toolNameFor(action),
            params: { ...params, limit: pageSize, offset: error.offset },
          },
          reason: exhausted ? "restarts" : error.reason,
          offset: error.offset,
          yielded: 0,
        },
      );
    }
  }
}
