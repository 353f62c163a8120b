import { createOddkitClient, getEssaysIndex } from "oddkit-sdk";
// Essays page data loader.
const ODDKIT_URL = "https://oddkit.klappy.dev/mcp";

const oddkit = createOddkitClient({
  url: ODDKIT_URL,
  consumer: "klappy.dev"
});

interface Article {
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

export async function essaysIndex() {
  return (await getEssaysIndex(oddkit, {
    sort_by: "date"
  })).data
    .map((a) => ({ href: a.uri, title: a.title }));
}
