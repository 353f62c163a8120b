// Sitemap: every page, paging with has_more.
export async function sitemap(call) {
  const urls = [];
  let offset = 0;
  let more = true;
  while (more) {
    const envelope = await call("oddkit_catalog", { sort_by: "path", limit: 500, offset });
    for (const article of envelope.result.data) urls.push(article.uri);
    more = envelope.result.offset + envelope.result.data.length < envelope.result.total;
    offset += envelope.result.limit;
  }
  return { urls, total: urls.length };
}
