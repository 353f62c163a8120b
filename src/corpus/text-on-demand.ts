/**
 * A resident document whose text is read on first use. When the parse cache
 * proves a file unchanged by its stamp (stamp.ts), the load has the
 * document's fields without reading the file; its text (`raw`, `body`) is
 * read the first time something asks for it — a search page's snippets, a
 * `get` — checked against the content hash the fields were made from, and
 * then kept, as a resident document keeps it. A file changed after the load
 * and before that first read is refused by name (CorpusFileChangedError), as
 * a document kept on disk refuses it (on-disk.ts), never answered with text
 * the index and hash do not describe.
 *
 * The object has the keys of the loader's resident document (parse-cache.ts
 * `cachedResult`), in the same order, `body` and `raw` as enumerable getters:
 * spreads and JSON see the same document.
 */
import { normalizeText } from "./document.js";
import { splitFrontmatter } from "./frontmatter.js";
import { readCheckedText } from "./on-disk.js";
import type { CorpusDocument, DocumentFields } from "./types.js";

/** The document of `fields` (loaded from `root`), its text read from disk on first use and kept. */
export function textOnDemand(fields: DocumentFields, root: string): CorpusDocument {
  let raw: string | undefined;
  let body: string | undefined;
  const text = () => {
    raw ??= readCheckedText(root, fields.path, fields.contentHash);
    return raw;
  };
  return {
    path: fields.path,
    uri: fields.uri,
    title: fields.title,
    frontmatter: fields.frontmatter,
    blockquote: fields.blockquote,
    summary: fields.summary,
    get body() {
      body ??= splitFrontmatter(normalizeText(text())).body;
      return body;
    },
    get raw() {
      return text();
    },
    contentHash: fields.contentHash,
    kind: fields.kind,
    kindResolution: fields.kindResolution,
    date: fields.date,
  };
}
