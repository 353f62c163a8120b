/**
 * Bounded delivery of link bodies: the core of `expand` and `buildContext`.
 *
 * Links are taken in the order given. The first `max` of them are fetched
 * with `get` (at most `concurrency` at a time, in a window that moves in
 * order) and each body is measured as it will be rendered; a body enters
 * while the running total stays within `budgetTokens`. At the first body that
 * does not fit, delivery stops, so what is delivered is always an in-order
 * prefix (never a reordering to squeeze small documents in). Every link that
 * is not delivered comes back with the reason and a sentence of detail.
 */
import { OddkitNotFoundError } from "../client/errors.js";
import { measureTokens } from "./measure.js";
import { renderItem } from "./render-item.js";
import type { AgentClient, Link } from "./types.js";

/** A link whose body was fetched and delivered inline. */
export interface Delivered extends Link {
  readonly body: string;
  /** `content_hash` of the revision that was delivered (from `get`). */
  readonly content_hash: string;
  /** cl100k tokens of the delivered section as rendered (`renderItem`). */
  readonly tokens: number;
}

/** Why a link stayed a link. */
export type UnexpandedReason =
  /** `select` did not pick it. */
  | "not-selected"
  /** Past the `max` count bound. */
  | "max"
  /** Its body would have taken the total past `budgetTokens`, or the budget ran out before it. */
  | "budget"
  /** `get` answered NOT_FOUND (the document went away after the listing). */
  | "not-found"
  /** A suggested link (buildContext without includeAll): the agent decides whether to follow it. */
  | "suggested";

export interface Unexpanded extends Link {
  readonly reason: UnexpandedReason;
  /** One sentence: what bound or answer kept it a link. */
  readonly detail: string;
  /** Tokens its body would have taken, when it was fetched and measured. */
  readonly tokens?: number;
}

export interface DeliverBounds {
  readonly max: number;
  readonly budgetTokens: number;
  readonly concurrency: number;
  /** Tokens already spent from `budgetTokens` by an earlier delivery into the same context (default 0). */
  readonly alreadyUsed?: number;
  readonly signal?: AbortSignal;
}

export interface Delivery {
  readonly delivered: Delivered[];
  readonly unexpanded: Unexpanded[];
  /** Tokens this delivery added (not counting `alreadyUsed`). */
  readonly tokens: number;
}

type Fetched =
  | { readonly ok: true; readonly body: string; readonly content_hash: string; readonly tokens: number }
  | { readonly ok: false; readonly notFound: string }
  | { readonly ok: false; readonly error: unknown };

async function fetchBody(client: AgentClient, link: Link, signal?: AbortSignal): Promise<Fetched> {
  try {
    const result = await client.get({ uri: link.uri, disclosure: ["body"] }, signal ? { signal } : {});
    const data = result.data as { body?: unknown; content_hash: string; title: string };
    const body = typeof data.body === "string" ? data.body : "";
    const tokens = await measureTokens(renderItem({ uri: link.uri, title: link.title, body }));
    return { ok: true, body, content_hash: data.content_hash, tokens };
  } catch (error) {
    if (error instanceof OddkitNotFoundError) return { ok: false, notFound: error.message };
    return { ok: false, error };
  }
}

/** Deliver `links` in order within `max` and `budgetTokens`; name every link not delivered. */
export async function deliver(client: AgentClient, links: readonly Link[], bounds: DeliverBounds) {
  const wanted = links.slice(0, Math.min(links.length, bounds.max));
  // Indexed by position in `links` (not by URI: nothing here assumes URIs are unique).
  const outcome: (Delivered | Unexpanded | undefined)[] = new Array(links.length);
  for (let i = wanted.length; i < links.length; i++) {
    const link = links[i] as Link;
    outcome[i] = {
      ...link,
      reason: "max",
      detail: `past the count bound: max ${bounds.max} of ${links.length} selected links`,
    };
  }

  const inflight = new Map<number, Promise<Fetched>>();
  let next = 0;
  const startNext = () => {
    if (next < wanted.length) {
      const i = next++;
      inflight.set(i, fetchBody(client, wanted[i] as Link, bounds.signal));
    }
  };
  for (let k = 0; k < bounds.concurrency; k++) startNext();

  let used = bounds.alreadyUsed ?? 0;
  const start = used;
  let stoppedAt: { uri: string; tokens: number } | null = null;
  let failure: { error: unknown } | null = null;
  const delivered: Delivered[] = [];
  for (let i = 0; i < wanted.length; i++) {
    const link = wanted[i] as Link;
    const pending = inflight.get(i);
    if (stoppedAt || !pending) {
      const at = stoppedAt ?? { uri: "?", tokens: 0 };
      outcome[i] = {
        ...link,
        reason: "budget",
        detail: `not fetched: the budget of ${bounds.budgetTokens} tokens ran out at ${at.uri} (${used} used, it needed ${at.tokens})`,
      };
      continue;
    }
    inflight.delete(i);
    const got = await pending;
    if (!got.ok) {
      if ("error" in got) {
        failure = { error: got.error };
        break;
      }
      outcome[i] = { ...link, reason: "not-found", detail: got.notFound };
      startNext();
      continue;
    }
    if (used + got.tokens > bounds.budgetTokens) {
      stoppedAt = { uri: link.uri, tokens: got.tokens };
      outcome[i] = {
        ...link,
        reason: "budget",
        tokens: got.tokens,
        detail: `its body takes ${got.tokens} tokens and ${bounds.budgetTokens - used} of the budget of ${bounds.budgetTokens} were left`,
      };
      continue;
    }
    used += got.tokens;
    const item: Delivered = { ...link, body: got.body, content_hash: got.content_hash, tokens: got.tokens };
    delivered.push(item);
    outcome[i] = item;
    startNext();
  }
  // Fetches still in flight when delivery stopped: let them settle (their bodies are not used).
  await Promise.allSettled(inflight.values());
  if (failure) throw failure.error;

  const unexpanded = outcome.filter((o): o is Unexpanded => o !== undefined && "reason" in o);
  return { delivered, unexpanded, tokens: used - start } satisfies Delivery;
}
