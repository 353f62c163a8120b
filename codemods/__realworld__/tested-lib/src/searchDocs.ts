export interface DocResult {
  readonly uri: string;
  readonly title: string;
  readonly score: number;
}

export interface SearchOptions {
  /** Injected by the tests; the platform's fetch otherwise. */
  readonly fetch?: typeof fetch;
  readonly endpoint?: string;
}

interface RpcReply {
  result: { content: Array<{ type: string; text: string }> };
}

export async function searchDocs(query: string, options: SearchOptions = {}): Promise<DocResult[]> {
  const doFetch = options.fetch ?? fetch;
  const res = await doFetch(options.endpoint ?? "https://oddkit.klappy.dev/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_search", arguments: { input: query } },
    }),
  });
  const reply = (await res.json()) as RpcReply;
  const envelope = JSON.parse(reply.result.content[0]!.text);
  return envelope.result.hits.map((hit: DocResult) => ({ uri: hit.uri, title: hit.title, score: hit.score }));
}
