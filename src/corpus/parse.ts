/**
 * One markdown file → one CorpusDocument, following the rules of the oddkit
 * index (legacy-api.md "How the index is built"): uri, title, blockquote,
 * summary, body, content hash, kind (two-tier) and date.
 */
import { createHash } from "node:crypto";
import {
  DEFAULT_KIND_MAP,
  defaultUriForPath,
  type KindMap,
  NOINDEX_EXPOSURE,
  normalizePath,
  resolveKind,
} from "../contract/index.js";
import { parseFrontmatter, splitFrontmatter } from "./frontmatter.js";
import { readStructure } from "./markdown.js";
import type { CorpusDocument, LoadWarning } from "./types.js";

export interface ParseResult {
  /** The document, or null when it is skipped (see `skipped`). */
  readonly document: CorpusDocument | null;
  readonly warnings: LoadWarning[];
  /** Why the file is not served (e.g. `exposure: noindex`); absent when served. */
  readonly skipped?: string;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function parseDocument(path: string, text: string, kindMap: KindMap = DEFAULT_KIND_MAP): ParseResult {
  const docPath = normalizePath(path);
  const warnings: LoadWarning[] = [];
  const warn = (message: string, line?: number) =>
    warnings.push(line === undefined ? { path: docPath, message } : { path: docPath, line, message });

  // Structure is read on a normalised copy; `raw` and the hash keep the bytes as read.
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const split = splitFrontmatter(normalized);
  if (split.unclosed) {
    warn(
      "frontmatter opened with '---' on line 1 is never closed by a '---' line; the whole file is read as markdown body.",
      1,
    );
  }
  let frontmatter: Record<string, unknown> = {};
  if (split.yaml !== null) {
    const parsed = parseFrontmatter(split.yaml, split.firstYamlLine);
    frontmatter = parsed.data;
    for (const problem of parsed.problems) warn(problem.message, problem.line);
  }

  if (frontmatter.exposure === NOINDEX_EXPOSURE) {
    return { document: null, warnings, skipped: `exposure: ${NOINDEX_EXPOSURE}` };
  }

  const structure = readStructure(split.body);
  const document: CorpusDocument = {
    path: docPath,
    uri: uriOf(docPath, frontmatter.uri, warn),
    title: titleOf(docPath, frontmatter.title, structure.h1),
    frontmatter,
    blockquote: structure.blockquote,
    summary: structure.summary,
    body: split.body,
    raw: text,
    contentHash: sha256Hex(text),
    ...kindOf(docPath, frontmatter.kind, kindMap),
    date: dateOf(frontmatter.date, warn),
  };
  return { document, warnings };
}

function kindOf(path: string, declared: unknown, kindMap: KindMap) {
  const kindResolution = resolveKind(path, declared, kindMap);
  return { kind: kindResolution.kind, kindResolution };
}

function uriOf(path: string, declared: unknown, warn: (message: string) => void): string {
  if (typeof declared === "string" && declared.trim() !== "") return declared.trim();
  const fallback = defaultUriForPath(path);
  if (declared !== undefined && declared !== null && declared !== "") {
    warn(
      `frontmatter uri ${JSON.stringify(declared)} is not a string; the document is served as ${fallback}.`,
    );
  }
  return fallback;
}

function titleOf(path: string, declared: unknown, h1: string | null): string {
  if (typeof declared === "string" && declared.trim() !== "") return declared.trim();
  if (typeof declared === "number" || typeof declared === "boolean") return String(declared);
  if (h1 !== null) return h1;
  // As the legacy index does: the file name, `-` and `_` read as spaces.
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.replace(/\.md$/i, "").replace(/[-_]/g, " ");
}

/** `YYYY-MM-DD`, optionally followed by a time; date-only values are taken as UTC midnight. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function dateOf(declared: unknown, warn: (message: string) => void): string | null {
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
