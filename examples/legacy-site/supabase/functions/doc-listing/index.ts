// doc-listing: every document with its full frontmatter, filtered for the public pages.
// The site calls it on every render (the 112K-token call).
import { ODDKIT_URL, readRpc, rpcHeaders, serve } from "../_shared/rpc.ts";

interface Article {
  path: string;
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

/** Path-dominant: hides session handoffs, ledgers and journals from public pages. */
export function isPublicFacing(article: Article): boolean {
  const { path } = article;
  if (path.startsWith("odd/handoffs/") || path.startsWith("odd/ledger/")) return false;
  if (path.includes("/journal/") || path.startsWith("journal/")) return false;
  return article.metadata.exposure !== "hidden";
}

export async function handler(_request: Request): Promise<Response> {
  const articles: Article[] = [];
  let offset = 0;
  let more = true;
  while (more) {
    const res = await fetch(ODDKIT_URL, {
      method: "POST",
      headers: await rpcHeaders(),
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "oddkit_catalog",
          arguments: { sort_by: "date", limit: 500, offset, include_metadata: true },
        },
      }),
    });
    const rpc = await readRpc(res);
    const envelope = JSON.parse(rpc.result.content[0]?.text ?? "{}");
    articles.push(...envelope.result.articles);
    more = envelope.result.pagination.has_more;
    offset += envelope.result.pagination.limit;
  }
  const visible = articles.filter(isPublicFacing);
  return Response.json({
    count: visible.length,
    articles: visible.map((a) => ({ path: a.path, title: a.title, date: a.metadata.date ?? null })),
  });
}

serve(handler);
