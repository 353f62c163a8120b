// Sitemap: every page, paging with has_more.
export async function sitemap(call) {
  const urls = [];
  let offset = 0;
  let more = true;
  while (more) {
    const envelope = await call("oddkit_catalog", { sort_by: "path", limit: 500, offset });
    for (const article of envelope.result.articles) urls.push(article.uri);
    more = envelope.result.pagination.has_more;
    offset += envelope.result.pagination.limit;
  }
  return { urls, total: urls.length };
}
