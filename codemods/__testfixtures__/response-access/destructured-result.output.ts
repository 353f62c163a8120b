declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<any>;

// The envelope is destructured: `result` is a local variable.
export async function titles(query: string) {
  const { result } = await callOddkit("oddkit_search", { input: query });
  if (result.status !== "FOUND") return [];
  return result.data.map((hit: { title: string }) => hit.title);
}

export async function listing() {
  const { result: catalog, server_time } = await callOddkit("oddkit_catalog", { sort_by: "path", limit: 50 });
  return { total: catalog.total, at: server_time, uris: catalog.data.map((a: { uri: string }) => a.uri) };
}
