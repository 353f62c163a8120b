import { oddkitTool } from "../../lib/oddkit";

export const load = async ({ url, fetch }: { url: URL; fetch: typeof globalThis.fetch }) => {
  const q = url.searchParams.get("q") ?? "";
  if (!q) return { q, results: [], total: 0 };

  const { result } = await oddkitTool(fetch, "oddkit_search", { input: q, include_metadata: true });
  const results = result.hits
    .filter((hit: any) => hit.metadata?.public === true)
    .map((hit: any) => ({ uri: hit.uri, title: hit.title, tags: hit.metadata.tags ?? [] }));

  return { q, results, total: results.length };
};
