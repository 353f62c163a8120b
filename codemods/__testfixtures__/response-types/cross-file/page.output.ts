// A page in another file: aliases, destructuring and a value passed to a helper.
import { type SearchHit, searchDocuments } from "./wrapper.js";

function badge(hit: SearchHit): string {
  return ((hit.metadata.tags as string[] | undefined) ?? []).length > 0 ? ((hit.metadata.tags as string[] | undefined) ?? []).join(", ") : "untagged";
}

export async function page(query: string) {
  const result = await searchDocuments(query);
  const { data: hits } = result;
  const first = hits[0];
  const heading = first ? first.path : "none";
  const rows = hits.map((hit) => {
    const { path, title } = hit;
    return `${title} (${path}) ${badge(hit)}`;
  });
  return { heading, rows, count: result.total };
}
