/**
 * Walk every entry of a multi-result action, one page per call, page size =
 * the cap of the active flags (or the caller's `limit`). Exact or loud: if
 * `total` changes between pages the walk throws (or, with
 * `onTotalChange: "restart"`, starts over and yields only URIs not yet
 * yielded); a URI repeated within one pass (the order shifted under us) or a
 * page that ends before `total` throws. Pages bypass the cache, so a walk
 * never mixes answers from different moments.
 */
import { capFor, type ManyAction, toolNameFor } from "../contract/index.js";
import { OddkitPaginationError, type PaginationFailure } from "../errors/index.js";
import type { PaginateOptions } from "./types.js";

/** Entries `client.paginate` yields at most unless `maxEntries` says otherwise; past it the walk throws. */
export const DEFAULT_MAX_ENTRIES = 100_000;
/** Restarts allowed before giving up on a knowledge base that keeps changing. */
export const MAX_RESTARTS = 3;

interface Page {
  readonly data: readonly { readonly uri: string }[];
  readonly total: number;
}

export type PageFetcher = (params: Record<string, unknown>) => Promise<Page>;

export async function* paginateEntries(
  action: ManyAction,
  params: Record<string, unknown>,
  fetchPage: PageFetcher,
  options: PaginateOptions = {},
): AsyncGenerator<Page["data"][number]> {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const onTotalChange = options.onTotalChange ?? "throw";
  const disclosure = params.disclosure as readonly string[] | undefined;
  const pageSize = typeof params.limit === "number" ? params.limit : capFor(action, disclosure).max;
  const start = typeof params.offset === "number" ? params.offset : 0;

  let offset = start;
  let total: number | null = null;
  let restarts = 0;
  let yielded = 0;
  const yieldedBefore = new Set<string>(); // URIs yielded by earlier passes (skipped after a restart)
  let thisPass = new Set<string>();
  const fail = (reason: PaginationFailure, message: string): never => {
    throw new OddkitPaginationError(message, {
      action,
      request: { tool: toolNameFor(action), params: { ...params, limit: pageSize, offset } },
      reason,
      offset,
      yielded,
    });
  };

  for (;;) {
    const page = await fetchPage({ ...params, limit: pageSize, offset });
    if (total === null) {
      total = page.total;
      if (total - start > maxEntries) {
        fail(
          "max-entries",
          `${action} has ${total - start} entries from offset ${start}, over maxEntries ${maxEntries}; narrow the filters or raise maxEntries`,
        );
      }
    } else if (page.total !== total) {
      if (onTotalChange === "throw") {
        fail(
          "total-changed",
          `total changed from ${total} to ${page.total} at offset ${offset} while paginating ${action}: the knowledge base changed mid-walk. Retry, or pass { onTotalChange: "restart" }`,
        );
      }
      if (++restarts > MAX_RESTARTS) {
        fail(
          "restarts",
          `total kept changing while paginating ${action}; gave up after ${MAX_RESTARTS} restarts`,
        );
      }
      for (const uri of thisPass) yieldedBefore.add(uri);
      thisPass = new Set();
      total = null;
      offset = start;
      continue;
    }
    for (const entry of page.data) {
      if (thisPass.has(entry.uri)) {
        fail(
          "duplicate-entry",
          `${entry.uri} appeared twice while paginating ${action} (at offset ${offset}): the order changed mid-walk; retry`,
        );
      }
      thisPass.add(entry.uri);
      if (yieldedBefore.has(entry.uri)) continue;
      if (yielded >= maxEntries) {
        fail(
          "max-entries",
          `paginating ${action} reached maxEntries ${maxEntries}; narrow the filters or raise it`,
        );
      }
      yielded++;
      yield entry;
    }
    offset += page.data.length;
    if (offset >= total) return;
    if (page.data.length === 0) {
      fail("short-page", `${action} returned an empty page at offset ${offset} although total is ${total}`);
    }
  }
}
