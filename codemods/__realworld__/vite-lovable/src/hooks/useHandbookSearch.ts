import { useEffect, useState } from "react";
import { oddkit } from "@/lib/oddkit";

export interface HandbookResult {
  uri: string;
  title: string;
  score: number;
}

export const useHandbookSearch = (query: string) => {
  const [results, setResults] = useState<HandbookResult[]>([]);
  const [isLoading, setIsLoading] = useState(false);

  useEffect(() => {
    if (query.trim().length < 2) return;
    setIsLoading(true);
    oddkit("search", query, { result_grouping: "merged" })
      .then((result) => {
        const hits: HandbookResult[] = result.hits ?? [];
        setResults(hits.map(({ uri, title, score }) => ({ uri, title, score })));
      })
      .catch((err) => console.error("handbook search failed", err))
      .finally(() => setIsLoading(false));
  }, [query]);

  return { results, isLoading };
};
