/**
 * One markdown file → one CorpusDocument, following the rules of the oddkit
 * index (docs/corpus.md, "How a document is parsed"). The rules themselves live
 * in the Node-free document.ts; this adds path normalisation, the
 * `exposure: noindex` skip, warnings and the node:crypto content hash.
 */
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
// The contract's zod-free doors (not its index): the folder load's worker threads import this file.
import { DEFAULT_KIND_MAP, type KindMap, normalizePath } from "../contract/kinds.js";
import { NOINDEX_EXPOSURE } from "../contract/names.js";
import { buildDocument, readDocumentText } from "./document.js";
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

/**
 * `sha256Hex` of the text `bytes` decode to. Valid UTF-8 encodes back to the very same bytes, so
 * those are hashed as they are, undecoded; anything else is decoded (bad sequences become U+FFFD)
 * and that text hashed, as sha256Hex would.
 */
export function contentHashOfBytes(bytes: Buffer): string {
  return isUtf8(bytes) ? createHash("sha256").update(bytes).digest("hex") : sha256Hex(bytes.toString("utf8"));
}

/** `contentHash`, when given, is `sha256Hex(text)` computed by the caller (the loader hashes every file first). */
export function parseDocument(
  path: string,
  text: string,
  kindMap: KindMap = DEFAULT_KIND_MAP,
  contentHash?: string,
): ParseResult {
  const docPath = normalizePath(path);
  const warnings: LoadWarning[] = [];
  const warn = (message: string, line?: number) =>
    warnings.push(line === undefined ? { path: docPath, message } : { path: docPath, line, message });

  const read = readDocumentText(text, warn);
  if (read.frontmatter.exposure === NOINDEX_EXPOSURE) {
    return { document: null, warnings, skipped: `exposure: ${NOINDEX_EXPOSURE}` };
  }
  return {
    document: buildDocument(docPath, text, read, contentHash ?? sha256Hex(text), kindMap, warn),
    warnings,
  };
}
