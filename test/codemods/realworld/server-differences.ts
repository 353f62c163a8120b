/**
 * Differences between the two servers themselves, not between the original
 * and the migrated code: the harness compares what a caller got from the
 * legacy server with what the migrated caller got from the contract server,
 * over the same corpus, so a value the two servers serve differently for the
 * same document would show up as a migration difference.
 *
 * One such difference is known and intended: **titles**. The 0.28.x server
 * reads frontmatter with its own line reader, which strips a pair of outer
 * quotes and nothing else (checked against klappy/oddkit
 * workers/src/zip-baseline-fetcher.ts at 0.28.0: `fmParseScalarValue` returns
 * `raw.slice(1, -1)`, no escape processing, and an unclosed quote is kept as
 * written). So `title: "The \"closed\" catalog"` is served as
 * `The \"closed\" catalog` by legacy and `The "closed" catalog` by the
 * contract (YAML), and `title: "Journal: The Quote That Never Closed` (no
 * closing quote) keeps its leading `"` under legacy only. No consumer code can
 * (or should) reproduce the legacy text, so the harness reads each legacy title
 * that differs as the contract title of the same document — and nothing else:
 * the table is built per document from both servers' own catalog answers,
 * never from a pattern.
 */
import type { ReferenceServer } from "../../../src/server/index.js";

export interface TitleDifference {
  readonly uri: string;
  readonly legacy: string;
  readonly contract: string;
}

const EVERY_KIND = ["canon", "docs", "journals", "essays", "apocrypha"];

interface Listed {
  readonly uri: string;
  readonly title: string;
}

async function listing(
  server: ReferenceServer,
  args: (offset: number) => Record<string, unknown>,
  entries: (result: Record<string, unknown>) => { items: Listed[]; more: boolean },
): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let offset = 0; ; offset += 500) {
    const reply = await server.callTool("oddkit_catalog", args(offset));
    const text = (reply.content[0] as { text: string }).text;
    const { items, more } = entries(JSON.parse(text).result);
    for (const item of items) titles.set(item.uri, item.title);
    if (!more) return titles;
  }
}

/** Every document whose title the legacy server serves differently from the contract server. */
export async function titleDifferences(
  legacy: ReferenceServer,
  contract: ReferenceServer,
): Promise<TitleDifference[]> {
  const before = await listing(
    legacy,
    (offset) => ({ sort_by: "path", limit: 500, offset }),
    (r) => {
      const page = r as { articles: Listed[]; pagination: { has_more: boolean } };
      return { items: page.articles, more: page.pagination.has_more };
    },
  );
  const after = await listing(
    contract,
    (offset) => ({ include: EVERY_KIND, limit: 500, offset }),
    (r) => {
      const page = r as { data: Listed[]; total: number; offset: number };
      return { items: page.data, more: page.offset + page.data.length < page.total };
    },
  );
  const out: TitleDifference[] = [];
  for (const [uri, title] of before) {
    const now = after.get(uri);
    if (now !== undefined && now !== title) out.push({ uri, legacy: title, contract: now });
  }
  return out;
}

/**
 * A legacy-side string with every differing legacy title replaced by the
 * contract title of its document — as the string itself, inside a longer
 * text (a TSV line, a log line), or JSON-encoded inside a JSON text (a script's
 * stdout). Longest titles first, so a title never matches inside a longer one.
 */
export function readAsContractTitles(text: string, differences: readonly TitleDifference[]): string {
  // One pass over the text: a replaced title is never read again (the contract title's JSON
  // encoding can be a legacy title's plain text: `The \"closed\" one`).
  const to = new Map<string, string>();
  for (const d of differences) {
    const encoded = JSON.stringify(d.legacy).slice(1, -1);
    if (encoded !== d.legacy) to.set(encoded, JSON.stringify(d.contract).slice(1, -1));
    to.set(d.legacy, d.contract);
  }
  if (to.size === 0) return text;
  const alternatives = [...to.keys()]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return text.replace(new RegExp(alternatives.join("|"), "g"), (found) => to.get(found) ?? found);
}
