/**
 * Documents whose text stays on disk. A 100,000-document corpus is ~1 GB of
 * markdown, held in memory as two strings per document (`raw`, and `body`
 * sliced from a normalised copy), mostly two-byte: that text, not the index,
 * was most of the server's 3.5 GB. Past `residentTextBytes` the loader keeps
 * every document's fields but its text: `raw` and `body` read the file again
 * on each access (the few documents a `get` or a search page shows) and check
 * it against the content hash taken at load, so a file changed since then is
 * refused by name, never answered with text the index and hash do not
 * describe.
 */
import type { Kind, KindResolution } from "../contract/index.js";
import { CorpusFileChangedError } from "../errors/index.js";
import { documentFields, normalizeText } from "./document.js";
import { splitFrontmatter } from "./frontmatter.js";
import { sha256Hex } from "./parse.js";
import type { CorpusDocument, DocumentFields } from "./types.js";
import { readCorpusFileSync } from "./walk.js";

export { CorpusFileChangedError };

/** Corpus text kept in memory before documents are read from disk on demand (64 MiB). */
export const DEFAULT_RESIDENT_TEXT_BYTES = 64 * 1024 * 1024;

export class OnDiskDocument implements CorpusDocument {
  readonly path: string;
  readonly uri: string;
  readonly title: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly blockquote: string | null;
  readonly summary: string | null;
  readonly contentHash: string;
  readonly kind: Kind | null;
  readonly kindResolution: KindResolution;
  readonly date: string | null;
  readonly #root: string;

  /**
   * `doc` as loaded from `root` (its path is relative to it); its text is not kept. `detached`:
   * the fields already share no storage with the file text (e.g. read from the parse cache).
   */
  constructor(doc: DocumentFields, root: string, detached = false) {
    // The fields are copied, not shared: strings the YAML parser and the markdown reader cut out of
    // the file are V8 slices that keep the whole file text alive (10k documents: 250 MB of heap for
    // 20 MB of fields, the texts this class exists to drop). A structured clone owns its strings.
    const kept = detached ? doc : detachedFields(doc);
    this.path = doc.path;
    this.uri = kept.uri;
    this.title = kept.title;
    this.frontmatter = kept.frontmatter;
    this.blockquote = kept.blockquote;
    this.summary = kept.summary;
    this.contentHash = doc.contentHash;
    this.kind = kept.kind;
    this.kindResolution = kept.kindResolution;
    this.date = kept.date;
    this.#root = root;
    // Own, enumerable accessors (one shared getter each, so every instance shares one shape): a
    // spread `{ ...doc }` anywhere copies the text as it would a resident document's, never drops it.
    Object.defineProperty(this, "raw", RAW);
    Object.defineProperty(this, "body", BODY);
  }

  /** The file's text, checked against the content hash of the load. */
  declare readonly raw: string;
  /** Markdown after the frontmatter, as the loader derived it. */
  declare readonly body: string;

  /** Read and check the file (the `raw` accessor). */
  readText(): string {
    return readCheckedText(this.#root, this.path, this.contentHash);
  }

  /** Spreads and JSON see the same fields as a resident document's. */
  toJSON(): CorpusDocument {
    return { ...this };
  }
}

/**
 * The text of the document at `path` under `root`, checked against `contentHash` (the hash its
 * fields were made from): a file changed or removed since is refused by name.
 */
export function readCheckedText(root: string, path: string, contentHash: string): string {
  let text: string;
  try {
    text = readCorpusFileSync(root, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CorpusFileChangedError(
      path,
      code === "ENOENT" ? "was removed" : `cannot be read (${(error as Error).message})`,
    );
  }
  if (sha256Hex(text) !== contentHash) throw new CorpusFileChangedError(path, "changed");
  return text;
}

/** The fields a document keeps from its text, as copies sharing no storage with that text. */
function detachedFields(doc: DocumentFields): DocumentFields {
  const fields = documentFields(doc);
  try {
    return structuredClone(fields);
  } catch {
    // A frontmatter value the clone algorithm refuses (none that YAML produces today) keeps the
    // fields as they are: the document stays right, only its text stays resident.
    return fields;
  }
}

const RAW: PropertyDescriptor = {
  enumerable: true,
  get(this: OnDiskDocument) {
    return this.readText();
  },
};
const BODY: PropertyDescriptor = {
  enumerable: true,
  get(this: OnDiskDocument) {
    return splitFrontmatter(normalizeText(this.readText())).body;
  },
};
