import type { MetadataRoute } from "next";
import { pathForKlappyUri } from "oddkit-sdk/contract";
import { oddkit } from "../lib/oddkit";

const SITE = "https://klappy.dev";

interface CatalogPage {
  data: { uri: string; title: string }[];
  total: number;
}

// Decided (paths=uri, listings=complete, order=resort): every document, named by the path its URI
// derives, in the legacy path order of those paths.
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const entries: { uri: string; title: string }[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await oddkit<CatalogPage>("oddkit_catalog", {
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
      limit: 500,
      offset,
    });
    entries.push(...page.data);
    if (page.data.length === 0 || offset + page.data.length >= page.total) break;
  }
  const paths = entries.map((e) => pathForKlappyUri(e.uri) ?? e.uri);
  paths.sort((a, b) => a.localeCompare(b, "en-US"));
  return paths.map((path) => ({
    url: SITE + "/" + path.replace(/\.md$/, ""),
  }));
}
