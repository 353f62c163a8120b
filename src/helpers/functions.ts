/**
 * The named helper functions, generated from the USE_CASES table: each row
 * becomes one function whose parameters follow the row's `input` and whose
 * result entries follow the row's disclosure literal. Nothing here restates
 * a filter, flag or limit; the table is the only place they are written.
 */

import type { CallOptions, ClientParams, ClientResult, OddkitActions } from "../client/types.js";
import {
  capFor,
  type Entry,
  type Filters,
  FLAGS,
  type Flag,
  isFlagPermitted,
  isManyAction,
  isPublicRequest,
  type PermittedFlag,
  PUBLIC_FILTER_RULE,
  pickFilters,
} from "../contract/index.js";
import { HelperArgumentError } from "../errors/index.js";
import { type CollectedEntries, type CollectOptions, collectAll } from "./collect.js";
import { type AnyUseCaseRow, USE_CASE_ROWS, type UseCase, type UseCaseFlags } from "./use-cases.js";

/** What a helper needs from a client: the five actions (any `OddkitClient` fits). */
export type HelperClient = OddkitActions;

/** Parameters the row fixes, so a caller cannot override them (the result type depends on them). */
export type FixedParam<R extends UseCase> =
  | "disclosure"
  | "query"
  | "uri"
  | "task"
  | (R extends { input: "path_prefix" } ? "path_prefix" : never)
  | (R extends { paginate: true } ? "limit" | "offset" : never);

/** Extra flags a caller may add to a row's disclosure: any flag the row's action permits. */
export type HelperFlags<R extends UseCase> = readonly PermittedFlag<R["action"]>[];

/**
 * Optional per-call parameters: any other request parameter of the row's
 * action (filters, `sort_by`, `include_legacy_envelope`,
 * `knowledge_base_url`; `limit`/`offset` on rows that return one page), plus
 * `disclosure`, which widens the row's flags (never narrows them). A filter
 * given here replaces the row's value for that filter only; on a public row
 * the result must still pass `exposure: "public"` or `audience: "public"`.
 */
export type HelperOverrides<R extends UseCase, F extends HelperFlags<R> = HelperFlags<R>> = Omit<
  ClientParams<R["action"]>,
  FixedParam<R>
> & { readonly disclosure?: F };

/** The positional argument a row's `input` asks for. */
export type InputArgs<R extends UseCase> = R extends { input: "query" }
  ? [query: string]
  : R extends { input: "uri" }
    ? [uri: string]
    : R extends { input: "path_prefix" }
      ? [prefix: NonNullable<Filters["path_prefix"]>]
      : [];

/** A helper's result: its row's flags plus any the caller added (`X`). */
export type HelperResult<R extends UseCase, X extends Flag = never> = R extends { paginate: true }
  ? CollectedEntries<Entry<R["action"], UseCaseFlags<R> | X>>
  : ClientResult<R["action"], UseCaseFlags<R> | X>;

/**
 * The signature of the helper generated for row `R`: the client, the row's
 * input (query, URI or path prefix) if it takes one, optional overrides, and
 * per-call options; listings resolve to every entry (`CollectedEntries`),
 * the others to one page.
 */
export type HelperFunction<R extends UseCase> = R extends { paginate: true }
  ? <const F extends HelperFlags<R> = []>(
      client: HelperClient,
      ...args: [...InputArgs<R>, overrides?: HelperOverrides<R, F>, options?: CollectOptions]
    ) => Promise<HelperResult<R, F[number] & Flag>>
  : <const F extends HelperFlags<R> = []>(
      client: HelperClient,
      ...args: [...InputArgs<R>, overrides?: HelperOverrides<R, F>, options?: CallOptions]
    ) => Promise<HelperResult<R, F[number] & Flag>>;

/** Every generated helper, by function name (the type of `HELPERS`). */
export type Helpers = { [R in UseCase as R["functionName"]]: HelperFunction<R> };

type LooseCall = (params: Record<string, unknown>, options?: CallOptions) => Promise<unknown>;

/**
 * Client-side parameters a row fixes: callers cannot override them (the result type depends on them).
 *
 * @example
 * ```ts
 * import { fixedParams, useCaseById } from "oddkit-sdk";
 *
 * const notebook = useCaseById("notebook");
 * if (notebook) console.log(fixedParams(notebook));
 * // ["query", "uri", "task", "path_prefix", "limit", "offset"]: the prefix is the argument, every page is collected
 * ```
 */
export function fixedParams(row: AnyUseCaseRow): string[] {
  const fixed = ["query", "uri", "task"];
  if (row.input === "path_prefix") fixed.push("path_prefix");
  if (row.paginate) fixed.push("limit", "offset");
  return fixed;
}

/**
 * The client-side request a row makes, from its positional input and the
 * caller's overrides (what the generated helper passes to the client; throws
 * HelperArgumentError as the helper would).
 *
 * @example
 * ```ts
 * import { useCaseById, useCaseRequest } from "oddkit-sdk";
 *
 * const search = useCaseById("global-search");
 * if (search) console.log(useCaseRequest(search, "edge cache"));
 * // { disclosure: ["blockquote", "metadata"], limit: 25, query: "edge cache" }
 * ```
 */
export function useCaseRequest(
  row: AnyUseCaseRow,
  input: unknown,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const param of fixedParams(row)) {
    if (overrides[param] !== undefined) {
      throw new HelperArgumentError(
        row.functionName,
        param,
        `'${param}' is fixed by the '${row.id}' use case (${describeFixed(row)}); call client.${row.action}() directly to choose it.`,
      );
    }
  }
  const request: Record<string, unknown> = {
    ...row.filters,
    ...overrides,
    disclosure: widenedDisclosure(row, overrides.disclosure),
  };
  if (isPublicRow(row) && !isPublicRequest(pickFilters(request))) {
    throw new HelperArgumentError(
      row.functionName,
      "exposure",
      `the overrides remove the public filter of the '${row.id}' use case: ${PUBLIC_FILTER_RULE}. Keep exposure or audience "public", or call client.${row.action}() directly for a non-public page.`,
    );
  }
  // Paginated rows page at the cap of the active flags (collectAll); the others ask one
  // page of the row's size, lowered to the cap when added flags lower it.
  if (isManyAction(row.action) && !row.paginate && request.limit === undefined) {
    request.limit = Math.min(row.limit, capFor(row.action, request.disclosure as Flag[]).max);
  }
  if (row.input !== undefined) {
    if (input === undefined) {
      throw new HelperArgumentError(row.functionName, row.input, `a ${row.input} argument is required.`);
    }
    request[row.input] = input;
  }
  return request;
}

/**
 * A row that feeds a public page: its own filters pass the public-renderer rule.
 *
 * @example
 * ```ts
 * import { isPublicRow, USE_CASE_ROWS } from "oddkit-sdk";
 *
 * console.log(USE_CASE_ROWS.filter(isPublicRow).map((row) => row.functionName));
 * // ["getEssaysIndex", "getStartHereCarousel"]
 * ```
 */
export function isPublicRow(row: AnyUseCaseRow): boolean {
  return isPublicRequest(row.filters as Filters);
}

function describeFixed(row: AnyUseCaseRow): string {
  return `${row.input ? `${row.input} as an argument` : "the input"}${row.paginate ? ", every page collected" : ""}`;
}

/**
 * The row's flags plus the caller's, in canonical order. Widening only: a
 * caller cannot drop a row's flag (the result type promises it), and every
 * added flag must be one the action permits (its cap then sets the page size).
 */
function widenedDisclosure(row: AnyUseCaseRow, extra: unknown): Flag[] {
  if (extra === undefined) return [...row.disclosure];
  if (!Array.isArray(extra)) {
    throw new HelperArgumentError(
      row.functionName,
      "disclosure",
      `disclosure must be a list of flags to add to ${JSON.stringify(row.disclosure)}, e.g. ["metadata"]`,
    );
  }
  for (const flag of extra) {
    if (typeof flag !== "string" || !isFlagPermitted(row.action, flag)) {
      throw new HelperArgumentError(
        row.functionName,
        "disclosure",
        `'${String(flag)}' is not a disclosure flag '${row.action}' permits; add only flags the action permits.`,
      );
    }
  }
  const wanted = new Set<string>([...row.disclosure, ...(extra as string[])]);
  return FLAGS.filter((f) => wanted.has(f));
}

function makeHelper(row: AnyUseCaseRow): (client: HelperClient, ...args: unknown[]) => Promise<unknown> {
  const action = row.action;
  if (row.paginate && !isManyAction(action)) {
    throw new Error(`use case '${row.id}': only multi-result actions paginate, not '${action}'`);
  }
  const helper = async (client: HelperClient, ...args: unknown[]) => {
    const input = row.input === undefined ? undefined : args[0];
    const rest = row.input === undefined ? args : args.slice(1);
    const overrides = (rest[0] ?? {}) as Record<string, unknown>;
    const request = useCaseRequest(row, input, overrides);
    if (row.paginate && isManyAction(action)) {
      return collectAll(client, action, request, rest[1] as CollectOptions | undefined);
    }
    const call = (client[row.action] as LooseCall).bind(client) as LooseCall;
    return rest[1] === undefined ? call(request) : call(request, rest[1] as CallOptions);
  };
  Object.defineProperty(helper, "name", { value: row.functionName });
  return helper;
}

/** Every helper, keyed by function name, generated from USE_CASES. */
export const HELPERS = Object.fromEntries(
  USE_CASE_ROWS.map((row) => [row.functionName, makeHelper(row)]),
) as Helpers;
