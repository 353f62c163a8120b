// Response shapes of the oddkit tools this site uses.

export interface OddkitHit {
  uri: string;
  title: string;
  tags: string[];
  score: number;
  snippet: string;
  source: "canon" | "baseline";
}

export interface SearchResult {
  status: "FOUND" | "NO_MATCH";
  hits: OddkitHit[];
  docs_considered: number;
}

export interface CatalogArticle {
  path: string;
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

export interface CatalogResult {
  total: number;
  articles: CatalogArticle[];
  pagination: { offset: number; limit: number; total_candidates: number; has_more: boolean };
}

export interface GetResult {
  path: string;
  content: string;
  content_hash: string;
  error?: string;
}
