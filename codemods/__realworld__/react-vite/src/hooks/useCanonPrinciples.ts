import { useEffect, useState } from "react";
import { callOddkit } from "../lib/oddkit";
import type { CatalogArticle } from "../types/oddkit";

export interface Principle {
  uri: string;
  title: string;
  tier: number | null;
}

export function useCanonPrinciples() {
  const [principles, setPrinciples] = useState<Principle[]>([]);

  useEffect(() => {
    callOddkit("catalog", { sort_by: "path", limit: 500, include_metadata: true })
      .then((result) =>
        result.articles
          .filter((a: CatalogArticle) => a.path.startsWith("canon/principles/"))
          .map((a: CatalogArticle) => ({ uri: a.uri, title: a.title, tier: a.metadata.tier ?? null })),
      )
      .then(setPrinciples)
      .catch((err) => console.error("Failed to load principles", err));
  }, []);

  return principles;
}
