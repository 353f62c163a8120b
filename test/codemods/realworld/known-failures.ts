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

// Measured on the engine of branch s5-i10 at 2026-11-30 23:40 UTC: missed 0, broken 0, unrelated-changed 0,
// check before/after as required; 10 of 19 expected fully migrated (the rest are listed here).
export const KNOWN_ENGINE_FAILURES: Readonly<Record<string, readonly FailureKind[]>> = {
  "react-vite/src/hooks/useCanonPrinciples.ts": ["not-fully-migrated"],
  "node-scripts/scripts/export-titles.cjs": ["not-fully-migrated"],
  "ky-service/src/services/DocsService.ts": ["not-fully-migrated"],
  // Measured, not reachable: the contract's content_hash is another hash than legacy's (sha256 of the
  // served revision), so returning it changes the value (the behaviour harness showed "q1725p" ≠ sha256).
  "ky-service/src/services/RevisionService.ts": ["not-fully-migrated"],
  "cf-worker/src/worker.ts": ["not-fully-migrated"],
  // Its search is rewritten; its get returns content_hash (see RevisionService).
  "mcp-agent/src/research.ts": ["not-fully-migrated"],
  "lovable-proxy/src/pages/Handoffs.tsx": ["not-fully-migrated"],
  "node-esm/scripts/build-search-index.mjs": ["not-fully-migrated"],
  // Measured, not reachable: resolve's status differs (legacy FOUND + warning for a dangling
  // supersession, the contract an error result): the script printed "ok" before and "MISSING" after.
  "node-esm/scripts/check-supersession.mjs": ["not-fully-migrated"],
};
