/** The search results page model: receives hits from the wrapper module (another file). */
import { type SearchHit, searchDocuments } from "../lib/oddkit.ts";

export interface ResultRow {
  href: string;
  title: string;
  labels: string;
}

export function toRow(hit: SearchHit): ResultRow {
  // 0.28.x omits `tags` on a hit whose document declares none.
  return {
    href: `/${hit.path.replace(/\.md$/, "")}`,
    title: hit.title,
    labels: (hit.tags ?? []).join(" · "),
  };
}

export async function searchResults(query: string): Promise<ResultRow[]> {
  const hits = await searchDocuments(query);
  return hits.filter((hit) => hit.score > 0).map(toRow);
}
