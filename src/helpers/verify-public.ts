/**
 * Bounded verification of a public helper's answer. A public listing at
 * blockquote disclosure carries nothing that could contradict its
 * `filters_applied` echo: a server that echoes `audience: public` but lists
 * internal documents passes every contract check. `verifiedPublic(helper)`
 * re-reads a random sample of the entries with `metadata` (one `get` per
 * sampled entry: `sample` extra calls, 3 by default, whatever the listing's
 * size) and, optionally, checks every entry against an allowlist of URIs
 * (e.g. the public URIs seen by the last shadow compare: no call at all).
 * Any contradiction fails closed with `OddkitContractViolationError`; nothing
 * of the answer is returned.
 *
 * Cost: `sample` `get` calls with `metadata` (≈ the floor plus frontmatter,
 * a few hundred tokens each), run concurrently; 0 calls with only `allow`.
 * A lying server escapes a sample of k from n entries with m internal ones
 * with probability C(n−m, k)/C(n, k) (for one internal entry in 100 and
 * k = 3: 97%); raise `sample` (up to n: every entry) or give `allow` for
 * certainty.
 */
import { OddkitContractViolationError } from "../client/errors.js";
import { type Filters, toArray } from "../contract/index.js";
import type { HelperClient } from "./functions.js";
import { USE_CASE_ROWS } from "./use-cases.js";

/** How `verifiedPublic` / `verifyPublicEntries` check a listing: how many entries to re-read, which URIs are known public. */
export interface PublicVerificationOptions {
  /** Entries re-read with `metadata` (default 3; `Infinity` = every entry). */
  readonly sample?: number;
  /** URIs known to be public: any entry outside it fails (checked for every entry, no call). */
  readonly allow?: ReadonlySet<string> | readonly string[];
  /** Picks `k` of `n` indexes (default: uniformly at random). */
  readonly pick?: (n: number, k: number) => number[];
}

/** Entries `verifiedPublic` re-reads with `metadata` unless `sample` says otherwise. */
export const DEFAULT_VERIFY_SAMPLE = 3;

/** The part of a listing answer `verifyPublicEntries` reads: the entries' URIs. */
export interface Listing {
  readonly data: readonly { readonly uri: string }[];
}

/** The public filters a listing was asked with (what each sampled document must satisfy). */
export type PublicFilters = Pick<Filters, "audience" | "exposure">;

function randomPick(n: number, k: number): number[] {
  const indexes = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < Math.min(k, n); i++) {
    const j = i + Math.floor(Math.random() * (n - i));
    [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
  }
  return indexes.slice(0, Math.min(k, n));
}

/**
 * Check a listing answered for `filters` (its `audience` / `exposure`
 * values): every entry against `allow`, a sample against its metadata.
 * Throws OddkitContractViolationError on any contradiction.
 *
 * @example
 * ```ts
 * import { createOddkitClient, verifyPublicEntries } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const page = await client.catalog({ exposure: "public", disclosure: ["blockquote"], limit: 100 });
 * // Re-read 10 of the listed entries: each must say exposure: public in its own metadata.
 * await verifyPublicEntries(client, page, { exposure: "public" }, "catalog", { sample: 10 });
 * ```
 */
export async function verifyPublicEntries(
  client: Pick<HelperClient, "get">,
  listing: Listing,
  filters: PublicFilters,
  action: string,
  options: PublicVerificationOptions = {},
): Promise<void> {
  const sample = options.sample ?? DEFAULT_VERIFY_SAMPLE;
  if (!(sample >= 0))
    throw new TypeError(`verifiedPublic: sample must be a number ≥ 0, got ${String(sample)}`);
  const violations: { check: "verification"; reason: string; evidence?: unknown }[] = [];
  if (options.allow) {
    const allow = new Set(options.allow);
    for (const entry of listing.data) {
      if (!allow.has(entry.uri))
        violations.push({
          check: "verification",
          reason: `${entry.uri} is not in the allowlist of public URIs`,
        });
    }
  }
  const expected = {
    audience: filters.audience === undefined ? null : toArray(filters.audience).map(String),
    exposure: filters.exposure === undefined ? null : toArray(filters.exposure).map(String),
  };
  const picked = (options.pick ?? randomPick)(listing.data.length, Math.min(sample, listing.data.length));
  const reads = await Promise.all(
    picked.map(async (i) => {
      const uri = (listing.data[i] as { uri: string }).uri;
      const doc = (await client.get({ uri, disclosure: ["metadata"] } as never)) as unknown as {
        data?: { metadata?: Record<string, unknown> };
        metadata?: Record<string, unknown>;
      };
      const metadata = doc.data?.metadata ?? doc.metadata ?? {};
      return { uri, metadata };
    }),
  );
  for (const { uri, metadata } of reads) {
    for (const field of ["audience", "exposure"] as const) {
      const allowed = expected[field];
      if (allowed === null) continue;
      const actual = metadata[field];
      if (!allowed.includes(String(actual))) {
        violations.push({
          check: "verification",
          reason: `${uri} was listed for ${field} ${allowed.join("|")} but its metadata says ${field}: ${JSON.stringify(actual ?? null)}`,
          evidence: { uri, [field]: actual ?? null },
        });
      }
    }
  }
  if (violations.length > 0) throw new OddkitContractViolationError(violations, { action });
}

/**
 * A public helper (a row whose filters fix `audience` or `exposure`) whose
 * answer is verified before it is returned (see the module comment for the
 * cost and the guarantee).
 *
 * @example
 * ```ts
 * import { createOddkitClient, getEssaysIndex, verifiedPublic } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const getPublicEssays = verifiedPublic(getEssaysIndex, { sample: 5 });
 * const { data } = await getPublicEssays(client); // throws OddkitContractViolationError if a sampled essay is not public
 * ```
 */
export function verifiedPublic<F extends (client: HelperClient, ...args: never[]) => Promise<Listing>>(
  helper: F,
  options: PublicVerificationOptions = {},
): F {
  const row = USE_CASE_ROWS.find((r) => r.functionName === helper.name);
  const filters = (row?.filters ?? {}) as PublicFilters;
  if (!row || (filters.audience === undefined && filters.exposure === undefined)) {
    throw new TypeError(
      `verifiedPublic: '${helper.name}' is not a public listing helper (its use case fixes neither audience nor exposure)`,
    );
  }
  const verified = async (client: HelperClient, ...args: never[]) => {
    const listing = await helper(client, ...args);
    await verifyPublicEntries(client, listing, filters, row.functionName, options);
    return listing;
  };
  Object.defineProperty(verified, "name", { value: helper.name });
  return verified as F;
}
