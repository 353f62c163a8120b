/**
 * What the engine on this branch still gets wrong on the real-world corpus,
 * by file (or "corpus" for whole-run checks). The test expects exactly these
 * failures: one that stops happening fails the test until it is removed here,
 * so the list only shrinks. i10-engine empties it.
 *
 * Kinds: missed (a legacy site neither rewritten nor marked), broken (parse or
 * new type errors), unrelated-changed (a file without a call was edited),
 * behaviour (a fully migrated file returns something else than the original),
 * not-fully-migrated (expected fully-migrated, left flagged), check-before /
 * check-after (`migrate --check` exit codes).
 */
export type FailureKind =
  | "missed"
  | "broken"
  | "unrelated-changed"
  | "behaviour"
  | "not-fully-migrated"
  | "check-before"
  | "check-after";

// Measured on the engine of main at 2026-11-30 13:50 UTC (before i10-engine's rewrite).
export const KNOWN_ENGINE_FAILURES: Readonly<Record<string, readonly FailureKind[]>> = {
  "lovable-edge/supabase/functions/search-docs/index.ts": ["missed"],
  "lovable-edge/supabase/functions/essays-feed/index.ts": ["missed"],
  "lovable-edge/supabase/functions/get-article/index.ts": ["missed"],
  "lovable-edge/supabase/functions/related-posts/index.ts": ["missed"],
  "lovable-edge/supabase/functions/journal-feed/index.ts": ["missed"],
  "lovable-edge/supabase/functions/tag-cloud/index.ts": ["missed"],
  "react-vite/src/lib/oddkit.ts": ["missed"],
  "react-vite/src/types/oddkit.ts": ["unrelated-changed"],
  "react-vite/src/hooks/useDocSearch.ts": ["missed"],
  "react-vite/src/hooks/useCanonPrinciples.ts": ["not-fully-migrated"],
  "react-vite/src/components/SearchBox.tsx": ["missed"],
  "nextjs-app/lib/types.ts": ["unrelated-changed"],
  "nextjs-app/app/api/search/route.ts": ["broken", "missed"],
  "nextjs-app/app/essays/page.tsx": ["broken", "missed"],
  "nextjs-app/app/docs/[...slug]/page.tsx": ["missed"],
  "nextjs-app/app/sitemap.ts": ["broken", "missed"],
  "node-scripts/scripts/export-titles.cjs": ["missed"],
  "node-scripts/lib/oddkit-client.cjs": ["missed"],
  "ky-service/src/services/DocsService.ts": ["missed"],
  "ky-service/src/services/RevisionService.ts": ["missed"],
  "hono-worker/src/index.ts": ["missed"],
  "cf-worker/src/worker.ts": ["missed"],
  "widget/src/search-widget.js": ["missed"],
  "widget/src/start-here-widget.js": ["missed"],
  "mcp-agent/src/research.ts": ["missed"],
  "mcp-agent/src/preflight.ts": ["missed"],
  "lovable-proxy/src/hooks/useEssays.ts": ["missed"],
  "lovable-proxy/src/pages/Handoffs.tsx": ["missed"],
  "sveltekit/src/routes/search/+page.server.ts": ["missed"],
  "node-esm/scripts/build-search-index.mjs": ["missed"],
  "node-esm/scripts/check-supersession.mjs": ["missed"],
  "class-client/src/DocsRepository.ts": ["missed"],
  corpus: ["check-before"],
};
