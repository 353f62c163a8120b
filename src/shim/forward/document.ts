/**
 * A served file (as a legacy `get` returns it: path, whole text, content
 * hash) → the CorpusDocument the reference server would have built from it.
 * The rules are the corpus index's (`src/corpus/parse.ts`): frontmatter via
 * the same YAML reader, `uri` = frontmatter uri else `klappy://<path>`,
 * title = frontmatter title else H1 else file name, blockquote, summary,
 * two-tier kind and ISO date. Kept here without node:crypto (the legacy
 * server already sent the hash) so the shim runs on edge runtimes;
 * test/shim/document.test.ts holds it equal to `parseDocument` on every
 * document of the fixture and sample corpora.
 */
import { DEFAULT_KIND_MAP, defaultUriForPath, type KindMap, resolveKind } from "../../contract/index.js";
import { parseFrontmatter, splitFrontmatter } from "../../corpus/frontmatter.js";
import { readStructure } from "../../corpus/markdown.js";
import type { CorpusDocument } from "../../corpus/types.js";

/** `YYYY-MM-DD`, optionally followed by a time (the corpus index's date rule). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Frontmatter date → ISO string; date-only values are UTC midnight; anything else is undated. */
export function isoDate(declared: unknown): string | null {
  if (declared instanceof Date) return Number.isNaN(declared.getTime()) ? null : declared.toISOString();
  if (typeof declared !== "string" || !ISO_DATE.test(declared.trim())) return null;
  const value = declared.trim();
  const dateOnly = value.length === 10;
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(value);
  const text = dateOnly
    ? `${value}T00:00:00Z`
    : hasZone
      ? value.replace(" ", "T")
      : `${value.replace(" ", "T")}Z`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function uriOf(path: string, declared: unknown): string {
  return typeof declared === "string" && declared.trim() !== "" ? declared.trim() : defaultUriForPath(path);
}

function titleOf(path: string, declared: unknown, h1: string | null): string {
  if (typeof declared === "string" && declared.trim() !== "") return declared.trim();
  if (typeof declared === "number" || typeof declared === "boolean") return String(declared);
  if (h1 !== null) return h1;
  // As the legacy index does: the file name, `-` and `_` read as spaces.
  return path
    .slice(path.lastIndexOf("/") + 1)
    .replace(/\.md$/i, "")
    .replace(/[-_]/g, " ");
}

export function documentFromFile(
  path: string,
  raw: string,
  contentHash: string,
  kindMap: KindMap = DEFAULT_KIND_MAP,
): CorpusDocument {
  const normalized = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const split = splitFrontmatter(normalized);
  const frontmatter = split.yaml === null ? {} : parseFrontmatter(split.yaml, split.firstYamlLine).data;
  const structure = readStructure(split.body);
  const kindResolution = resolveKind(path, frontmatter.kind, kindMap);
  return {
    path,
    uri: uriOf(path, frontmatter.uri),
    title: titleOf(path, frontmatter.title, structure.h1),
    frontmatter,
    blockquote: structure.blockquote,
    summary: structure.summary,
    body: split.body,
    raw,
    contentHash,
    kind: kindResolution.kind,
    kindResolution,
    date: isoDate(frontmatter.date),
  };
}
