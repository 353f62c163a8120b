import { useEffect, useState } from "react";
import { callOddkit } from "../lib/oddkit";
import type { SearchHit, Suggestion } from "../types/oddkit";

interface SearchBoxProps {
  query: string;
}

// Public site: only suggest documents written for the public.
export function SearchBox({ query }: SearchBoxProps) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  useEffect(() => {
    if (query.length < 2) return;
    callOddkit("search", { input: query, audience: "public", limit: 5, include: ["canon", "docs", "journals", "essays", "apocrypha"] }).then((result) => {
      const publicHits = result.data;
      setSuggestions(publicHits.map((h: SearchHit) => ({ uri: h.uri, title: h.title })));
    });
  }, [query]);

  return (
    <div className="search-box">
      <input type="search" value={query} readOnly aria-label="Search the docs" />
      {suggestions.length > 0 && (
        <ul className="suggestions">
          {suggestions.map((s) => (
            <li key={s.uri}>
              <a href={`/doc?uri=${encodeURIComponent(s.uri)}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      )}
      <p className="count">{suggestions.length} suggestions</p>
    </div>
  );
}
