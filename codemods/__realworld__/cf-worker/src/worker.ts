/**
 * tier-index worker: serves /tiers.json, the public documents grouped by tier,
 * for the docs site's sidebar.
 */
interface Env {
  ODDKIT_URL: string;
}

interface DocMeta {
  audience?: string;
  tier?: number;
  [field: string]: unknown;
}

interface Article {
  path: string;
  uri: string;
  title: string;
  metadata: DocMeta;
}

async function catalog(env: Env): Promise<Article[]> {
  const response = await fetch(`${env.ODDKIT_URL}?consumer=tier-index`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "path", limit: 500, include_metadata: true } },
    }),
  });
  if (!response.ok) {
    throw new Error(`catalog failed with ${response.status}`);
  }
  const body = (await response.json()) as { result: { content: Array<{ text: string }> } };
  return JSON.parse(body.result.content[0].text).result.articles;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== "/tiers.json") return new Response("Not found", { status: 404 });

    const docs = (await catalog(env))
      .map((a) => ({ ...a.metadata, uri: a.uri, title: a.title }))
      .filter((m) => m.audience === "public");

    const tiers: Record<string, Array<{ uri: string; title: string }>> = {};
    for (const doc of docs) {
      const key = String(doc.tier ?? "untiered");
      (tiers[key] ??= []).push({ uri: doc.uri, title: doc.title });
    }
    return Response.json({ tiers, total: docs.length });
  },
};
