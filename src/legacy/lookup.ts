/**
 * How the 0.28.x server turns a `get` input into a document, and a
 * `superseded_by` value into the next document of a chain. Shared by the
 * legacy builders and the reference server's contract get/resolve.
 */
import { URI_SCHEME } from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";

/**
 * What a lookup or a supersession walk reads of a document: a corpus
 * document, or a listing entry that has no text yet (the forward shim's).
 */
export interface LinkedDocument {
  readonly path: string;
  readonly uri: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
}

/** The lookup maps of any document set (a Corpus, a legacy view, the forward shim's listing). */
export interface DocumentMaps<D> {
  readonly byUri: ReadonlyMap<string, D>;
  readonly byPath: ReadonlyMap<string, D>;
}

/** What the lookups need from an index (a Corpus satisfies it). */
export interface LegacyIndex {
  readonly documents: readonly CorpusDocument[];
  readonly byUri: ReadonlyMap<string, CorpusDocument>;
  readonly byPath: ReadonlyMap<string, CorpusDocument>;
}

/**
 * Folders the 0.28.x server indexes for its default knowledge base. Files
 * elsewhere can still be fetched with `get`, but are not searched, listed or
 * resolved.
 */
export const LEGACY_INDEXED_FOLDERS = ["canon/", "odd/", "docs/", "writings/"] as const;

/**
 * The legacy index of a served folder: its documents under the indexed
 * folders; a folder with none of them is indexed whole (it is then not laid
 * out like an oddkit knowledge base, and an empty index would serve nothing).
 */
export function legacyIndex(served: LegacyIndex): LegacyIndex {
  const inFolders = served.documents.filter((d) => LEGACY_INDEXED_FOLDERS.some((f) => d.path.startsWith(f)));
  if (inFolders.length === 0 || inFolders.length === served.documents.length) return served;
  const byUri = new Map<string, CorpusDocument>();
  const byPath = new Map<string, CorpusDocument>();
  for (const doc of inFolders) {
    if (!byUri.has(doc.uri)) byUri.set(doc.uri, doc);
    byPath.set(doc.path, doc);
  }
  return { documents: inFolders, byUri, byPath };
}

const ODD_SCHEME = "odd://";
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;

function withMd(path: string): string {
  return path.endsWith(".md") ? path : `${path}.md`;
}

/**
 * The repository path a `get` input names: `klappy://x` → `x.md`; another
 * scheme → the indexed document declaring that URI, else `odd://x` →
 * `odd/x.md` or the scheme stripped; a bare path gets `.md`.
 */
export function legacyPathForInput(
  input: string,
  index: { readonly byUri: ReadonlyMap<string, { readonly path: string }> },
): string {
  if (input.startsWith(URI_SCHEME)) return withMd(input.slice(URI_SCHEME.length));
  if (input.includes("://")) {
    const declared = index.byUri.get(input);
    if (declared) return declared.path;
    const stripped = input.startsWith(ODD_SCHEME)
      ? `odd/${input.slice(ODD_SCHEME.length)}`
      : input.replace(ANY_SCHEME, "");
    return withMd(stripped);
  }
  return withMd(input);
}

/**
 * The document a `superseded_by` value names, in the shapes authors use: a
 * URI, a repository path with `.md`, a path without it (also tried as
 * `klappy://<path>`). `canonicalUri` is the target's URI, or the value itself
 * when nothing matches.
 */
export function lookupSuccessor<D extends LinkedDocument>(
  ref: string,
  index: DocumentMaps<D>,
): { doc: D | undefined; canonicalUri: string } {
  const direct = index.byUri.get(ref) ?? index.byPath.get(ref);
  if (direct) return { doc: direct, canonicalUri: direct.uri };
  if (!ref.startsWith(URI_SCHEME)) {
    if (!ref.endsWith(".md")) {
      const withExt = index.byPath.get(`${ref}.md`);
      if (withExt) return { doc: withExt, canonicalUri: withExt.uri };
    }
    const stem = ref.endsWith(".md") ? ref.slice(0, -".md".length) : ref;
    const viaUri = index.byUri.get(URI_SCHEME + stem);
    if (viaUri) return { doc: viaUri, canonicalUri: viaUri.uri };
  }
  return { doc: undefined, canonicalUri: ref };
}

/** The `superseded_by` of a document, when it names a successor. */
export function supersededBy(doc: Pick<LinkedDocument, "frontmatter">): string | null {
  const next = doc.frontmatter.superseded_by;
  return typeof next === "string" && next.length > 0 ? next : null;
}

/** The `superseded_at` of a document as text, when present. */
export function supersededAt(doc: Pick<LinkedDocument, "frontmatter">): string | undefined {
  const at = doc.frontmatter.superseded_at;
  if (typeof at === "string") return at;
  if (at instanceof Date) return at.toISOString().slice(0, 10);
  return undefined;
}

/** Depth cap of a supersession walk (a longer chain is treated as circular). */
export const MAX_SUPERSESSION_DEPTH = 16;

export interface SupersessionStep {
  uri: string;
  superseded_at?: string;
}

export type SupersessionWalk<D = CorpusDocument> =
  | { outcome: "resolved"; doc: D; chain: SupersessionStep[] }
  | { outcome: "circular"; chain: SupersessionStep[]; reason: "cycle" | "depth" }
  | { outcome: "dangling"; last: D; chain: SupersessionStep[]; missing: string };

/**
 * Walk `superseded_by` from a document to the end of its chain. Each step
 * records the document that was superseded (and when). A revisited URI is a
 * cycle (the chain then ends with the revisited URI); more than 16 steps is
 * treated the same way; a successor that names no document is dangling.
 */
export function walkSupersession<D extends LinkedDocument>(
  start: D,
  index: DocumentMaps<D>,
): SupersessionWalk<D> {
  const chain: SupersessionStep[] = [];
  const visited = new Set<string>([start.uri]);
  let current = start;
  for (let depth = 0; depth < MAX_SUPERSESSION_DEPTH; depth++) {
    const next = supersededBy(current);
    if (next === null) return { outcome: "resolved", doc: current, chain };
    const at = supersededAt(current);
    chain.push(at === undefined ? { uri: current.uri } : { uri: current.uri, superseded_at: at });
    const { doc, canonicalUri } = lookupSuccessor(next, index);
    if (visited.has(canonicalUri)) {
      return { outcome: "circular", chain: [...chain, { uri: canonicalUri }], reason: "cycle" };
    }
    if (!doc) return { outcome: "dangling", last: current, chain, missing: next };
    visited.add(canonicalUri);
    current = doc;
  }
  if (supersededBy(current) !== null) return { outcome: "circular", chain, reason: "depth" };
  return { outcome: "resolved", doc: current, chain };
}
