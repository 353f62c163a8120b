// The site's oddkit wrapper: its types describe the legacy hits.
export interface SearchHit {
  uri: string;
  path: string;
  title: string;
  metadata: Record<string, unknown>;
  score: number;
  snippet: string;
}

export interface SearchResult {
  data: SearchHit[];
  total: number;
}

declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<{ result: SearchResult }>;

export async function searchDocuments(query: string): Promise<SearchResult> {
  const envelope = await callOddkit("oddkit_search", { input: query, disclosure: ["metadata"] });
  return envelope.result;
}
