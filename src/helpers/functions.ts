/**
 * The named helper functions, generated from the USE_CASES table: each row
 * becomes one function whose parameters follow the row's `input` and whose
 * result entries follow the row's disclosure literal. Nothing here restates
 * a filter, flag or limit; the table is the only place they are written.
 */

import type {
  CallOptions,
  ClientParams,
  ClientResult,
  OddkitActions,
  OddkitClient,
  PaginateOptions,
} from "../client/types.js";
import { type Entry, type Filters, isManyAction } from "../contract/index.js";
import { type AnyUseCaseRow, USE_CASE_ROWS, type UseCase, type UseCaseFlags } from "./use-cases.js";

/** What a helper needs from a client: the actions and `paginate` (any `OddkitClient` fits). */
export type HelperClient = OddkitActions & Pick<OddkitClient, "paginate">;

/** Parameters the row fixes, so a caller cannot override them (the result type depends on them). */
type FixedParam<R extends UseCase> =
  | "disclosure"
  | "query"
  | "uri"
  | "task"
  | (R extends { input: "path_prefix" } ? "path_prefix" : never)
  | (R extends { paginate: true } ? "limit" | "offset" : never);

/**
 * Optional per-call parameters: any other request parameter of the row's
 * action (filters, `limit`, `offset`, `sort_by`, `include_legacy_envelope`,
 * `knowledge_base_url`). A filter given here replaces the row's value for
 * that filter only.
 */
export type HelperOverrides<R extends UseCase> = Omit<ClientParams<R["action"]>, FixedParam<R>>;

/** The positional argument a row's `input` asks for. */
type InputArgs<R extends UseCase> = R extends { input: "query" }
  ? [query: string]
  : R extends { input: "uri" }
    ? [uri: string]
    : R extends { input: "path_prefix" }
      ? [prefix: NonNullable<Filters["path_prefix"]>]
      : [];

/** Every entry of every page of a paginated use case. */
export interface CollectedEntries<E> {
  readonly data: E[];
  /** Entries collected; equals the server's post-filter `total` (pagination throws if it changes). */
  readonly total: number;
}

export type HelperResult<R extends UseCase> = R extends { paginate: true }
  ? CollectedEntries<Entry<R["action"], UseCaseFlags<R>>>
  : ClientResult<R["action"], UseCaseFlags<R>>;

export type HelperFunction<R extends UseCase> = R extends { paginate: true }
  ? (
      client: HelperClient,
      ...args: [...InputArgs<R>, overrides?: HelperOverrides<R>, options?: PaginateOptions]
    ) => Promise<HelperResult<R>>
  : (
      client: HelperClient,
      ...args: [...InputArgs<R>, overrides?: HelperOverrides<R>, options?: CallOptions]
    ) => Promise<HelperResult<R>>;

export type Helpers = { [R in UseCase as R["functionName"]]: HelperFunction<R> };

/** Thrown when a helper is called with a parameter its use case fixes (JavaScript callers, casts). */
export class HelperArgumentError extends TypeError {
  override readonly name = "HelperArgumentError";
  constructor(
    readonly functionName: string,
    readonly param: string,
    message: string,
  ) {
    super(`${functionName}: ${message}`);
  }
}

type LooseCall = (params: Record<string, unknown>, options?: CallOptions) => Promise<unknown>;

/** Client-side parameters a row fixes: callers cannot override them (the result type depends on them). */
export function fixedParams(row: AnyUseCaseRow): string[] {
  const fixed = ["disclosure", "query", "uri", "task"];
  if (row.input === "path_prefix") fixed.push("path_prefix");
  if (row.paginate) fixed.push("limit", "offset");
  return fixed;
}

/** The client-side request a row makes, from its positional input and the caller's overrides. */
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
  const request: Record<string, unknown> = { ...row.filters, ...overrides, disclosure: [...row.disclosure] };
  if (isManyAction(row.action) && request.limit === undefined) request.limit = row.limit;
  if (row.input !== undefined) {
    if (input === undefined) {
      throw new HelperArgumentError(row.functionName, row.input, `a ${row.input} argument is required.`);
    }
    request[row.input] = input;
  }
  return request;
}

function describeFixed(row: AnyUseCaseRow): string {
  return `disclosure ${JSON.stringify(row.disclosure)}${row.input ? `, ${row.input} as an argument` : ""}`;
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
      const data: unknown[] = [];
      const pages = client.paginate(action, request as never, rest[1] as PaginateOptions | undefined);
      for await (const entry of pages) data.push(entry);
      return { data, total: data.length };
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
