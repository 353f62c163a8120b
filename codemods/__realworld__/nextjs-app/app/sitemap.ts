import type { MetadataRoute } from "next";
import { oddkit } from "../lib/oddkit";
import type { CatalogResult } from "../lib/types";

const SITE = "https://klappy.dev";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const catalog = await oddkit<CatalogResult>("oddkit_catalog", { sort_by: "path", limit: 500 });
  return catalog.articles.map((a) => ({
    url: SITE + "/" + a.path.replace(/\.md$/, ""),
  }));
}
