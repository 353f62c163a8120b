/**
 * `expand(answer, { select?, max, budgetTokens, concurrency, includeAll })`:
 * follow links of an answer with `get` and deliver their bodies inline,
 * within explicit bounds. The result names every link of the answer exactly
 * once: delivered, or still a link with the reason (`not-selected`, `max`,
 * `budget`, `not-found`). Nothing is cut silently.
 *
 * `includeAll: true` walks every page of the answer's request (with the
 * client's exact pagination) before selecting, so the link set is the whole
 * answer, not the first page; bodies are still bounded by `max` and the budget.
 */
import type { ServerVersion } from "../client/types.js";
import type { ManyAction } from "../contract/index.js";
import { clientFor } from "./answer.js";
import { boundJson, checkBudget, checkConcurrency, checkMax } from "./bounds.js";
import { type Delivered, deliver, type Unexpanded } from "./deliver.js";
import { OddkitAgentOptionsError } from "./errors.js";
import { entryLink, links as pageLinks } from "./links.js";
import type { AgentClient, Answer, Link, LooseEntry } from "./types.js";

/** Which links to follow: a list of URIs of the answer, or a predicate. Default: every link. */
export type LinkSelector = readonly string[] | ((link: Link) => boolean);

export interface ExpandOptions {
  readonly select?: LinkSelector;
  /** Most bodies to deliver (a non-negative integer, or Infinity). Required. */
  readonly max: number;
  /** Most cl100k tokens of delivered sections (as rendered by `renderItem`). Required. */
  readonly budgetTokens: number;
  /** Bodies fetched at once (1–16, default 4). */
  readonly concurrency?: number;
  /** Walk every page of the answer's request first (default false: this page's links). */
  readonly includeAll?: boolean;
  /** The client, when the answer was not made by `browse`. */
  readonly client?: AgentClient;
  readonly signal?: AbortSignal;
}

export interface Expansion<A extends ManyAction = ManyAction> {
  readonly action: A;
  readonly request: Readonly<Record<string, unknown>>;
  readonly source: ServerVersion;
  /** The bounds in force (`max: null` = no count bound). */
  readonly bounds: {
    readonly max: number | null;
    readonly budgetTokens: number;
    readonly includeAll: boolean;
    /** `all`, `uris` (a list) or `predicate`. */
    readonly select: "all" | "uris" | "predicate";
  };
  /** Links whose bodies were delivered, in answer order. */
  readonly delivered: Delivered[];
  /** Every other link of the answer, in answer order, each with why it stayed a link. */
  readonly links: Unexpanded[];
  /** cl100k tokens delivered (the sum of `delivered[].tokens`; never above `budgetTokens`). */
  readonly tokens: number;
  /** Links in the answer (this page, or every page with `includeAll`). */
  readonly total: number;
}

/** Every link of every page of a request (from offset 0, page size = the active cap). */
export async function walkLinks(
  client: AgentClient,
  action: ManyAction,
  request: Readonly<Record<string, unknown>>,
): Promise<Link[]> {
  const { limit: _limit, offset: _offset, ...rest } = request;
  const disclosure = (rest.disclosure as readonly string[] | undefined) ?? [];
  const out: Link[] = [];
  let rank = 0;
  for await (const entry of client.paginate(action, rest as never)) {
    rank++;
    out.push(entryLink(action, rest, entry as LooseEntry, rank, disclosure.includes("blockquote")));
  }
  return out;
}

/** Split links by `select`; a URI in the list that the answer does not hold is an error, not a skip. */
export function applySelect(
  fn: string,
  all: readonly Link[],
  select: LinkSelector | undefined,
): { chosen: Link[]; rest: Link[] } {
  if (select === undefined) return { chosen: [...all], rest: [] };
  if (typeof select === "function") {
    const chosen: Link[] = [];
    const rest: Link[] = [];
    for (const link of all) (select(link) ? chosen : rest).push(link);
    return { chosen, rest };
  }
  if (!Array.isArray(select)) {
    throw new OddkitAgentOptionsError(
      fn,
      "select",
      "select must be an array of URIs or a predicate (link) => boolean.",
    );
  }
  const known = new Set(all.map((l) => l.uri));
  const unknown = select.filter((uri) => !known.has(uri));
  if (unknown.length > 0) {
    throw new OddkitAgentOptionsError(
      fn,
      "select",
      `select names ${unknown.length} URI(s) the answer does not hold: ${unknown.join(", ")}. Select from links(answer) (or pass includeAll: true to select across every page).`,
    );
  }
  const wanted = new Set(select);
  return { chosen: all.filter((l) => wanted.has(l.uri)), rest: all.filter((l) => !wanted.has(l.uri)) };
}

export async function expand<A extends ManyAction>(
  answer: Answer<A>,
  options: ExpandOptions,
): Promise<Expansion<A>> {
  const fn = "expand";
  if (typeof options !== "object" || options === null) {
    throw new OddkitAgentOptionsError(
      fn,
      "options",
      "pass the bounds: expand(answer, { max, budgetTokens }).",
    );
  }
  const max = checkMax(fn, options.max);
  const budgetTokens = checkBudget(fn, options.budgetTokens);
  const concurrency = checkConcurrency(fn, options.concurrency);
  const client = clientFor(fn, answer, options.client);
  const includeAll = options.includeAll === true;

  const all = includeAll ? await walkLinks(client, answer.action, answer.request) : pageLinks(answer);
  const { chosen, rest } = applySelect(fn, all, options.select);
  const delivery = await deliver(client, chosen, {
    max,
    budgetTokens,
    concurrency,
    ...(options.signal ? { signal: options.signal } : {}),
  });

  const notSelected: Unexpanded[] = rest.map((link) => ({
    ...link,
    reason: "not-selected",
    detail: "select did not pick this link",
  }));
  // Ranks are unique within an answer (offset + i + 1, or the walk's position), so they give answer order.
  const unexpanded = [...delivery.unexpanded, ...notSelected].sort((a, b) => a.origin.rank - b.origin.rank);
  return {
    action: answer.action,
    request: answer.request,
    source: answer.source,
    bounds: {
      max: boundJson(max),
      budgetTokens,
      includeAll,
      select:
        options.select === undefined ? "all" : typeof options.select === "function" ? "predicate" : "uris",
    },
    delivered: delivery.delivered,
    links: unexpanded,
    tokens: delivery.tokens,
    total: all.length,
  };
}
