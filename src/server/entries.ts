/**
 * Contract entries from corpus documents: every field a flag can disclose,
 * projected by the contract core so only the requested ones travel.
 */
import {
  type Action,
  type Flag,
  type FlagFields,
  type NativeFields,
  projectEntry,
} from "../contract/index.js";

/** What a document must offer for every flag to be disclosed (a corpus document, a shim-rebuilt one). */
export interface DisclosableDocument {
  readonly uri: string;
  readonly title: string;
  readonly blockquote: string | null;
  readonly frontmatter: object;
  readonly summary: string | null;
  readonly body: string;
}

/**
 * Each flag's value read from a document. Typed by the flag table
 * (`FlagFields`): a new flag fails to compile here until it says where its
 * value comes from. Absent text is null; no frontmatter is {}.
 */
const FLAG_VALUES: { readonly [F in Flag]: (doc: DisclosableDocument) => FlagFields[F] } = {
  blockquote: (doc) => doc.blockquote,
  metadata: (doc) => ({ ...doc.frontmatter }),
  summary: (doc) => doc.summary,
  body: (doc) => doc.body,
};

/** One entry of `action` at `flags`, with the action-native fields given. */
export function entryFor<A extends Action>(
  action: A,
  flags: readonly Flag[],
  doc: DisclosableDocument,
  native: NativeFields<A>,
): Record<string, unknown> {
  const full: Record<string, unknown> = { uri: doc.uri, title: doc.title };
  for (const flag of flags) full[flag] = FLAG_VALUES[flag](doc);
  return projectEntry(action, flags, { ...full, ...native });
}
