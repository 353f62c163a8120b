declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<{ result: { articles: unknown[] } }>;

// A catalog read without client-side filtering is not a fat catalog.
export async function all() {
  const envelope = await callOddkit("oddkit_catalog", { sort_by: "path", limit: 100 });
  return envelope.result.articles.length;
}
