import { createOddkitClient } from "oddkit-sdk";
const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

const oddkit = createOddkitClient({
  url: ODDKIT_URL,
  consumer: "klappy.dev"
});

export async function sitemapPage(offset) {
  const result = await oddkit.catalog({
    sort_by: "path",
    limit: 500,
    offset
  });

  return { uris: result.data.map((a) => a.uri), total: result.total };
}
