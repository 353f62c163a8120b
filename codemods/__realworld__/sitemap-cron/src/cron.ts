/**
 * sitemap-cron: a scheduled worker (every 6 hours) that rebuilds sitemap.xml
 * for the site from the oddkit catalog and stores it in KV; the site's worker
 * serves it from there.
 */
interface KV {
  put(key: string, value: string): Promise<void>;
}

export interface Env {
  ODDKIT_URL: string;
  SITE_URL?: string;
  SITEMAP?: KV;
}

type Entry = { path: string; metadata?: { date?: string } };

export async function buildSitemap(env: Env): Promise<string> {
  const site = env.SITE_URL ?? "https://klappy.dev";
  const res = await fetch(env.ODDKIT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: "sitemap",
      method: "tools/call",
      params: { name: "oddkit_catalog", arguments: { sort_by: "path", limit: 500, include_metadata: true } },
    }),
  });
  if (!res.ok) throw new Error(`catalog: ${res.status}`);
  const body = await res.json();
  const { articles } = JSON.parse(body.result.content[0].text).result as { articles: Entry[] };

  const urls = articles.map((a) => {
    const loc = `${site}/${a.path.replace(/\.md$/, "")}`;
    const lastmod = a.metadata?.date ? `<lastmod>${a.metadata.date}</lastmod>` : "";
    return `  <url><loc>${loc}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export default {
  async scheduled(_event: unknown, env: Env): Promise<void> {
    const xml = await buildSitemap(env);
    await env.SITEMAP?.put("sitemap.xml", xml);
  },
};
