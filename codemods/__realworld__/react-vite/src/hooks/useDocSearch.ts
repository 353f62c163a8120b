import { useEffect, useState } from "react";
import { callOddkit } from "../lib/oddkit";
import type { SearchHit } from "../types/oddkit";

export function useDocSearch(query: string) {
  const [results, setResults] = useState<Array<Pick<SearchHit, "uri" | "title" | "score">>>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!query.trim()) {
      setResults([]);
      return;
    }
    let cancelled = false;
    setLoading(true);
    (async () => {
      try {
        const { hits = [] } = await callOddkit("search", { input: query });
        if (!cancelled) {
          setResults(hits.map((h: SearchHit) => ({ uri: h.uri, title: h.title, score: h.score })));
        }
      } catch (e) {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [query]);

  return { results, loading, error };
}
