/**
 * Contract entries from corpus documents: every field a flag can disclose,
 * projected by the contract core so only the requested ones travel.
 */
import { type Action, type Flag, projectEntry } from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";

/** Floor and flag fields of a document (absent text is null; no frontmatter is {}). */
function disclosable(doc: CorpusDocument): Record<string, unknown> {
  return {
    uri: doc.uri,
    title: doc.title,
    blockquote: doc.blockquote,
    metadata: { ...doc.frontmatter },
    summary: doc.summary,
    body: doc.body,
  };
}

/** One entry of `action` at `flags`, with the action-native fields given. */
export function entryFor(
  action: Action,
  flags: readonly Flag[],
  doc: CorpusDocument,
  native: Record<string, unknown>,
): Record<string, unknown> {
  return projectEntry(action, flags, { ...disclosable(doc), ...native });
}
