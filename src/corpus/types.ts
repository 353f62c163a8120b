/**
 * A loaded knowledge-base document: everything the reference server, the
 * audit and the shims need, parsed once from one markdown file.
 */
import type { Kind, KindMap, KindResolution } from "../contract/index.js";
import type { KindMapSource } from "./kind-map-file.js";

export interface CorpusDocument {
  /** Repository path, forward slashes, e.g. `writings/on-caching.md`. */
  readonly path: string;
  /** Frontmatter `uri`, else `klappy://<path without .md>`. */
  readonly uri: string;
  /** Frontmatter `title`, else the first `# ` heading, else the file name (`-`/`_` as spaces). */
  readonly title: string;
  /** The parsed frontmatter ({} when absent or unreadable). */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The `>` paragraph directly under the H1, lines joined; null when absent. */
  readonly blockquote: string | null;
  /** Body of the `## Summary` section (also `## Summary — …`); null when absent. */
  readonly summary: string | null;
  /** Markdown after the frontmatter. */
  readonly body: string;
  /** Full file text as read (frontmatter included). */
  readonly raw: string;
  /** sha256 hex of the raw file bytes. */
  readonly contentHash: string;
  /** Resolved kind (two-tier rule) and how it was decided. */
  readonly kind: Kind | null;
  readonly kindResolution: KindResolution;
  /** Frontmatter `date` as an ISO string when present and parseable (catalog sort_by date). */
  readonly date: string | null;
}

/** A document's fields without its text (`raw`, `body`): what a document kept on disk or cached holds. */
export type DocumentFields = Omit<CorpusDocument, "raw" | "body">;

export interface LoadWarning {
  readonly path: string;
  /** 1-based line in the file the warning points at, when known (e.g. a YAML error). */
  readonly line?: number;
  readonly message: string;
}

export interface Corpus {
  readonly root: string;
  /** The path prefix → kind map the documents' kinds were resolved with. */
  readonly kindMap: KindMap;
  /** Which map that is: the default, the corpus's own `oddkit.kinds.*`, a `--kind-map` file, or code. */
  readonly kindMapSource: KindMapSource;
  /** Served documents, sorted by path. */
  readonly documents: readonly CorpusDocument[];
  /** Files that were skipped (`exposure: noindex`). */
  readonly skipped: readonly { path: string; reason: string }[];
  /** Non-fatal problems (YAML that does not parse, unreadable files…); the document is still served. */
  readonly warnings: readonly LoadWarning[];
  readonly byUri: ReadonlyMap<string, CorpusDocument>;
  readonly byPath: ReadonlyMap<string, CorpusDocument>;
  /** Digest over every served document's content hash; changes whenever any document changes. */
  readonly revision: string;
  /** Files whose parse came from the parse cache (`CorpusOptions.parseCache`); absent when loaded without one. */
  readonly parsedFromCache?: number;
}
