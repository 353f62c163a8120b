/**
 * The 0.28.x `get` result: the whole file (frontmatter included) with its
 * content hash, optionally one `## ` section, optionally the frontmatter.
 * Pass an index of legacy documents (legacyView) so the whole-file hash is
 * 0.28.x's string hash, as the section's always is.
 */
import { legacyContentHash, readLegacyFrontmatter } from "./frontmatter.js";
import { type LegacyIndex, legacyPathForInput } from "./lookup.js";
import { extractSection } from "./text.js";

export interface LegacyGetOptions {
  readonly include_metadata?: boolean;
  readonly section?: string;
}

export type LegacyGetResult =
  | { path: string; content: string; content_hash: string; metadata?: Record<string, unknown> }
  | {
      path: string;
      section: string;
      content: string;
      content_hash: string;
      metadata?: Record<string, unknown>;
    }
  | { error: string; path: string }
  | { error: string; path: string; requested_section: string; available_sections: string[] };

export function legacyGetResult(
  index: LegacyIndex,
  input: string,
  options: LegacyGetOptions = {},
): LegacyGetResult {
  const path = legacyPathForInput(input, index);
  const doc = index.byPath.get(path);
  if (!doc) return { error: `Document not found: ${input}`, path };
  // 0.28.x returns its reader's whole reading here (text fields not coerced, unlike its index).
  const metadata = options.include_metadata ? (readLegacyFrontmatter(doc.raw) ?? undefined) : undefined;
  if (options.section) {
    const found = extractSection(doc.raw, options.section);
    if (!found.found) {
      return {
        error: found.error,
        path,
        requested_section: options.section,
        available_sections: found.available_sections,
      };
    }
    const result: LegacyGetResult = {
      path,
      section: options.section,
      content: found.content,
      content_hash: legacyContentHash(found.content),
    };
    if (metadata) result.metadata = metadata;
    return result;
  }
  const result: LegacyGetResult = { path, content: doc.raw, content_hash: doc.contentHash };
  if (metadata) result.metadata = metadata;
  return result;
}

export function legacyGetText(input: string, options: LegacyGetOptions, result: LegacyGetResult): string {
  if ("available_sections" in result) {
    const list = result.available_sections.map((s) => `"${s}"`).join(", ") || "(none)";
    return `Section "${options.section}" not found in \`${input}\`. Available sections: ${list}`;
  }
  if ("error" in result) {
    return `Document not found: \`${input}\`. Use action "search" or "catalog" to find available documents.`;
  }
  return result.content;
}
