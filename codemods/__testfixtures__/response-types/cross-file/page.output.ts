// A page in another file: aliases, destructuring and a value passed to a helper.
import { type SearchHit, searchDocuments } from "./wrapper.js";

function badge(hit: SearchHit): string {
  return ((hit.metadata.tags as string[] | undefined) ?? []).length > 0 ? ((hit.metadata.tags as string[] | undefined) ?? []).join(", ") : "untagged";
}

export async function page(query: string) {
  const result = await searchDocuments(query);
  const { data: hits } = result;
  const first = hits[0];
  // TODO(oddkit-migrate): entries carry no path: this now reads the URI; where a repository path is needed use pathForKlappyUri(uri) from oddkit-sdk (klappy:// URIs only)
  const heading = first ? first.uri : "none";
  const rows = hits.map((hit) => {
    // TODO(oddkit-migrate): entries carry no path: this now reads the URI; where a repository path is needed use pathForKlappyUri(uri) from oddkit-sdk (klappy:// URIs only)
    const { uri: path, title } = hit;
    return `${title} (${path}) ${badge(hit)}`;
  });
  return { heading, rows, count: result.total };
}
