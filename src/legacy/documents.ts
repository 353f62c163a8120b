/**
 * Documents as the 0.28.x index sees them. The legacy builders work on
 * CorpusDocument; in legacy mode each document is first re-read the legacy
 * way — frontmatter by the legacy reader (./frontmatter.ts), URI and title
 * derived from that reading, content hash by the legacy string hash — so
 * the envelopes carry the values 0.28.x returned, not the contract side's
 * YAML reading of the same file.
 */
import { URI_SCHEME } from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";
import { legacyContentHash, readLegacyIndexFrontmatter } from "./frontmatter.js";
import type { LegacyIndex } from "./lookup.js";

const views = new WeakMap<CorpusDocument, CorpusDocument>();

/** The title 0.28.x falls back to: the first `# ` heading anywhere in the file, else the file name. */
function fallbackTitle(raw: string, path: string): string {
  const heading = raw.match(/^#\s+(.+)$/m);
  if (heading?.[1]) return heading[1];
  const file = path.split("/").pop() ?? path;
  return file.replace(/\.md$/, "").replace(/[-_]/g, " ");
}

/** One document re-read the 0.28.x way (memoised per document). */
export function legacyDocument(doc: CorpusDocument): CorpusDocument {
  let view = views.get(doc);
  if (!view) {
    const frontmatter = readLegacyIndexFrontmatter(doc.raw);
    const uri = typeof frontmatter.uri === "string" && frontmatter.uri !== "" ? frontmatter.uri : null;
    const title =
      typeof frontmatter.title === "string" && frontmatter.title !== "" ? frontmatter.title : null;
    const raw = doc.raw;
    // Not a spread of `doc`: a large corpus's documents read their text from disk on access
    // (corpus/on-disk.ts), and the view must not pin every text in memory.
    view = {
      path: doc.path,
      blockquote: doc.blockquote,
      summary: doc.summary,
      kind: doc.kind,
      kindResolution: doc.kindResolution,
      date: doc.date,
      frontmatter,
      uri: uri ?? `${URI_SCHEME}${doc.path.replace(/\.md$/, "")}`,
      title: title ?? fallbackTitle(raw, doc.path),
      contentHash: legacyContentHash(raw),
      get raw() {
        return doc.raw;
      },
      get body() {
        return doc.body;
      },
    };
    views.set(doc, view);
  }
  return view;
}

/** What the legacy lookups need (a Corpus satisfies it). */
interface DocumentSet {
  readonly documents: readonly CorpusDocument[];
}

const corpusViews = new WeakMap<DocumentSet, LegacyIndex>();

/**
 * Every document of a served set re-read the 0.28.x way, with its lookup
 * maps (the first document declaring a URI answers for it). Memoised per set.
 */
export function legacyView(served: DocumentSet): LegacyIndex {
  let view = corpusViews.get(served);
  if (!view) {
    const documents = served.documents.map(legacyDocument);
    const byUri = new Map<string, CorpusDocument>();
    const byPath = new Map<string, CorpusDocument>();
    for (const doc of documents) {
      if (!byUri.has(doc.uri)) byUri.set(doc.uri, doc);
      byPath.set(doc.path, doc);
    }
    view = { documents, byUri, byPath };
    corpusViews.set(served, view);
  }
  return view;
}
