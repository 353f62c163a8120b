/**
 * Links from a listing, search or preflight answer: each entry becomes
 * `{ uri, title, guidance, origin }`. The blockquote is the fetch guidance
 * when the answer disclosed it; an answer at `disclosure: []` gives links
 * without guidance (undefined, which says "not asked", unlike null, "none").
 */
import type { ManyAction, PreflightRole } from "../contract/index.js";
import type { Answer, Link, LooseEntry, ManyPage, RankOrigin } from "./types.js";

/** The ranking an entry's position comes from. */
export function rankMethod(
  action: ManyAction,
  request: Readonly<Record<string, unknown>>,
  entry: LooseEntry,
) {
  if (action === "search") return "search";
  if (action === "catalog") return `catalog:${String(request.sort_by ?? "path")}`;
  return `preflight:${String(entry.role ?? "relevant")}`;
}

export function originOf(
  action: ManyAction,
  request: Readonly<Record<string, unknown>>,
  entry: LooseEntry,
  rank: number,
): RankOrigin {
  return {
    method: rankMethod(action, request, entry),
    rank,
    score: typeof entry.score === "number" ? entry.score : null,
  };
}

/** One link per entry of a page, in the page's order. */
export function pageLinks(
  action: ManyAction,
  request: Readonly<Record<string, unknown>>,
  page: Pick<ManyPage, "data" | "offset" | "disclosure_applied">,
): Link[] {
  const disclosed = page.disclosure_applied.includes("blockquote");
  return page.data.map((entry, i) => entryLink(action, request, entry, page.offset + i + 1, disclosed));
}

export function entryLink(
  action: ManyAction,
  request: Readonly<Record<string, unknown>>,
  entry: LooseEntry,
  rank: number,
  disclosed: boolean,
): Link {
  const link: {
    uri: string;
    title: string;
    guidance?: string | null;
    role?: PreflightRole;
    origin: RankOrigin;
  } = {
    uri: entry.uri,
    title: entry.title,
    origin: originOf(action, request, entry, rank),
  };
  if (disclosed) link.guidance = typeof entry.blockquote === "string" ? entry.blockquote : null;
  if (typeof entry.role === "string") link.role = entry.role as PreflightRole;
  return link;
}

/** The links of an answer's page (every page: `expand(answer, { includeAll: true })`). */
export function links<A extends ManyAction>(answer: Answer<A>): Link[] {
  return pageLinks(answer.action, answer.request, answer.result);
}
