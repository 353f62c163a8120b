/**
 * Cheap text checks for the type-driven pass, in a module of their own so
 * that the runner can decide whether to load ts-morph at all.
 */
import { UNIFIED_TOOL } from "oddkit-sdk/contract";
import { LEGACY_OPT_IN_PARAM } from "oddkit-sdk/internal";

/** A file that opted into the legacy envelope (its legacy reads are deliberate during the cutover). */
export const LEGACY_WINDOW_OPT_IN = new RegExp(`${LEGACY_OPT_IN_PARAM}\\s*:\\s*true`);

/** Keys only a legacy reply has: a test's fake answer can hold them without naming oddkit anywhere. */
const LEGACY_REPLY_KEYS = /\b(?:docs_considered|total_candidates|supersession_chain)\b/;

/** The cheapest test: a file that never mentions oddkit (nor a legacy reply's own keys) holds no site. */
export function mentionsOddkit(source: string): boolean {
  return source.includes(UNIFIED_TOOL) || LEGACY_REPLY_KEYS.test(source);
}

/** Could this file declare a legacy shape (a type with path and title, or a hits/articles list)? */
export function mayDeclareShape(source: string): boolean {
  if (!mentionsOddkit(source) || LEGACY_WINDOW_OPT_IN.test(source)) return false;
  if (!/\binterface\b|\btype\s+\w+/.test(source)) return false;
  return (
    (/\bpath\??\s*:/.test(source) && /\btitle\??\s*:/.test(source)) || /\b(hits|articles)\??\s*:/.test(source)
  );
}
