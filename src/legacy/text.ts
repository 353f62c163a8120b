/**
 * Text rules of the 0.28.x index, as observed in the legacy server: how it
 * strips frontmatter, cuts a search snippet and an evidence quote, reads
 * tags, and extracts one `## ` section for `get` with `section`.
 */
import type { CorpusDocument } from "../corpus/types.js";

/** The legacy strip: a leading `---…---` block and its newline. */
function withoutFrontmatter(raw: string): string {
  return raw.replace(/^---[\s\S]*?---\n/, "");
}

/** Non-empty lines that are not headings, after the frontmatter. */
function proseLines(raw: string): string[] {
  return withoutFrontmatter(raw)
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#"));
}

/** Legacy search snippet: the first two non-heading lines after the frontmatter, cut at 200 characters. */
export function legacySnippet(raw: string): string {
  return proseLines(raw).slice(0, 2).join(" ").slice(0, 200);
}

/** Legacy evidence quote: the first three non-heading lines, cut at 200 characters. */
export function legacyQuote(raw: string): string {
  return proseLines(raw).slice(0, 3).join(" ").slice(0, 200);
}

/**
 * Legacy title: frontmatter `title` (as text), else the first `# ` heading,
 * else the file name with dashes and underscores as spaces.
 */
export function legacyTitle(doc: Pick<CorpusDocument, "frontmatter" | "raw" | "path">): string {
  const declared = doc.frontmatter.title;
  if (declared !== undefined && declared !== null && String(declared) !== "") return String(declared);
  const heading = doc.raw.match(/^#\s+(.+)$/m);
  if (heading?.[1]) return heading[1];
  const file = doc.path.split("/").pop() ?? doc.path;
  return file.replace(/\.md$/, "").replace(/[-_]/g, " ");
}

/** Legacy tags: a string becomes a one-element list, list items become strings, anything else is absent. */
export function legacyTags(doc: Pick<CorpusDocument, "frontmatter">): string[] | undefined {
  const tags = doc.frontmatter.tags;
  if (typeof tags === "string") return [tags];
  if (Array.isArray(tags)) return tags.map((t) => String(t));
  return undefined;
}

/** Legacy frontmatter passthrough: absent when the document declares no field. */
export function legacyMetadata(
  doc: Pick<CorpusDocument, "frontmatter">,
): Record<string, unknown> | undefined {
  return Object.keys(doc.frontmatter).length > 0 ? { ...doc.frontmatter } : undefined;
}

export type SectionLookup =
  | { found: true; section: string; content: string }
  | { found: false; error: string; available_sections: string[] };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function sectionFrom(raw: string, start: number): string {
  const rest = raw.slice(start);
  const next = rest.indexOf("\n## ");
  return next > 0 ? rest.slice(0, next) : rest;
}

/**
 * One `## ` section (heading line included, up to the next `## `): an exact
 * heading first (case-insensitive), else the first heading containing the
 * requested text; otherwise the list of available `## ` headings.
 */
export function extractSection(raw: string, section: string): SectionLookup {
  const exact = raw.match(new RegExp(`^## ${escapeRegExp(section)}\\s*$`, "mi"));
  if (exact?.index !== undefined) return { found: true, section, content: sectionFrom(raw, exact.index) };
  const headings = [...raw.matchAll(/^## (.+)$/gm)];
  const needle = section.toLowerCase();
  const partial = headings.find((m) => (m[1] ?? "").toLowerCase().includes(needle));
  if (partial?.index !== undefined) {
    return { found: true, section: partial[1] ?? section, content: sectionFrom(raw, partial.index) };
  }
  return {
    found: false,
    error: `Section not found: "${section}"`,
    available_sections: headings.map((m) => m[1] ?? ""),
  };
}
