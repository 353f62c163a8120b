/**
 * The corpus index's document rules without Node (no node:crypto, no fs), so
 * edge code (the forward shim) builds documents by the very same rules as the
 * corpus loader: the 0.28.x index's document rules (docs/corpus.md, "How a document is parsed") — frontmatter, uri,
 * title, blockquote, summary, body, two-tier kind and date. The content hash
 * is the caller's (parse.ts hashes with node:crypto; a legacy server sends it).
 */
// The contract's zod-free doors (not its index): the folder load's worker threads import this file.
import { DEFAULT_KIND_MAP, type KindMap, resolveKind } from "../contract/kinds.js";
import { defaultUriForPath } from "../contract/uris.js";
import { parseFrontmatter, splitFrontmatter } from "./frontmatter.js";
import { readStructure } from "./markdown.js";
import type { CorpusDocument, DocumentFields } from "./types.js";

/** Receives a non-fatal problem of a file (with its 1-based line when known). */
export type Warn = (message: string, line?: number) => void;

const ignore: Warn = () => {};

export interface DocumentText {
  /** The parsed frontmatter ({} when absent or unreadable). */
  readonly frontmatter: Record<string, unknown>;
  /** Markdown after the frontmatter (BOM dropped, line ends normalised to `\n`). */
  readonly body: string;
}

/** The text structure is read from: no byte-order mark, `\n` line ends (`raw` and the hash keep the bytes as read). */
export function normalizeText(text: string): string {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Most texts have no `\r`: finding none is cheaper than a replace that scans for it.
  return unmarked.includes("\r") ? unmarked.replace(/\r\n?/g, "\n") : unmarked;
}

/** A file's text → frontmatter and body; an unclosed fence or bad YAML is reported to `warn`. */
export function readDocumentText(text: string, warn: Warn = ignore): DocumentText {
  const split = splitFrontmatter(normalizeText(text));
  if (split.unclosed) {
    warn(
      "frontmatter opened with '---' on line 1 is never closed by a '---' line; the whole file is read as markdown body.",
      1,
    );
  }
  if (split.yaml === null) return { frontmatter: {}, body: split.body };
  const parsed = parseFrontmatter(split.yaml, split.firstYamlLine);
  for (const problem of parsed.problems) warn(problem.message, problem.line);
  return { frontmatter: parsed.data, body: split.body };
}

/** The document of `path` (already normalised) from its read text; `raw` is the text as read. */
export function buildDocument(
  path: string,
  raw: string,
  { frontmatter, body }: DocumentText,
  contentHash: string,
  kindMap: KindMap = DEFAULT_KIND_MAP,
  warn: Warn = ignore,
): CorpusDocument {
  const structure = readStructure(body);
  const kindResolution = resolveKind(path, frontmatter.kind, kindMap);
  return {
    path,
    uri: uriOf(path, frontmatter.uri, warn),
    title: titleOf(path, frontmatter.title, structure.h1),
    frontmatter,
    blockquote: structure.blockquote,
    summary: structure.summary,
    body,
    raw,
    contentHash,
    kind: kindResolution.kind,
    kindResolution,
    date: dateOf(frontmatter.date, warn),
  };
}

/** Frontmatter `uri` (trimmed) when a non-blank string, else `klappy://<path without .md>`. */
export function uriOf(path: string, declared: unknown, warn: Warn = ignore): string {
  if (typeof declared === "string" && declared.trim() !== "") return declared.trim();
  const fallback = defaultUriForPath(path);
  if (declared !== undefined && declared !== null && declared !== "") {
    warn(
      `frontmatter uri ${JSON.stringify(declared)} is not a string; the document is served as ${fallback}.`,
    );
  }
  return fallback;
}

/** The title a frontmatter `title` gives by itself: non-blank string (trimmed), number or boolean as text; else null. */
export function declaredTitle(declared: unknown): string | null {
  if (typeof declared === "string" && declared.trim() !== "") return declared.trim();
  if (typeof declared === "number" || typeof declared === "boolean") return String(declared);
  return null;
}

/** Frontmatter title, else the first H1, else the file name. */
export function titleOf(path: string, declared: unknown, h1: string | null): string {
  const title = declaredTitle(declared) ?? h1;
  if (title !== null) return title;
  // As the legacy index does: the file name, `-` and `_` read as spaces.
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.replace(/\.md$/i, "").replace(/[-_]/g, " ");
}

/** `YYYY-MM-DD`, optionally followed by a time; date-only values are taken as UTC midnight. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Frontmatter `date` → ISO string; absent is null; anything unreadable is null and reported to `warn`. */
export function dateOf(declared: unknown, warn: Warn = ignore): string | null {
  if (declared === undefined || declared === null || declared === "") return null;
  if (declared instanceof Date) {
    if (!Number.isNaN(declared.getTime())) return declared.toISOString();
  } else if (typeof declared === "string" && ISO_DATE.test(declared.trim())) {
    const value = declared.trim();
    const dateOnly = value.length === 10;
    const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(value);
    const ms = Date.parse(
      dateOnly ? `${value}T00:00:00Z` : hasZone ? value.replace(" ", "T") : `${value.replace(" ", "T")}Z`,
    );
    if (!Number.isNaN(ms)) return new Date(ms).toISOString();
  }
  warn(
    `frontmatter date ${JSON.stringify(declared)} is not a YYYY-MM-DD date; the document is treated as undated (write e.g. date: 2026-05-23).`,
  );
  return null;
}

/** A document's fields without its text, read one by one (a document kept on disk reads its file for `raw`/`body`). */
export function documentFields(doc: DocumentFields): DocumentFields {
  return {
    path: doc.path,
    uri: doc.uri,
    title: doc.title,
    frontmatter: doc.frontmatter,
    blockquote: doc.blockquote,
    summary: doc.summary,
    contentHash: doc.contentHash,
    kind: doc.kind,
    kindResolution: doc.kindResolution,
    date: doc.date,
  };
}
