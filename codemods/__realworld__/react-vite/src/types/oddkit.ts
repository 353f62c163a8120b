// Shapes of what oddkit sends back, as the components use them.

export interface SearchHit {
  uri: string;
  path: string;
  title: string;
  tags: string[];
  score: number;
  snippet: string;
  metadata?: Record<string, unknown>;
}

export interface CatalogArticle {
  path: string;
  uri: string;
  title: string;
  metadata: {
    tier?: number;
    audience?: string;
    date?: string;
    [key: string]: unknown;
  };
}

export type Suggestion = Pick<SearchHit, "uri" | "title">;
