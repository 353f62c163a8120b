/**
 * Build a Corpus from a folder of markdown (or from in-memory files). One bad
 * file never fails the load: it becomes a warning and, whenever anything can
 * be read, a served document.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { DEFAULT_KIND_MAP, type KindMap, normalizePath } from "../contract/index.js";
import { corpusKindMap, type KindMapSource } from "./kind-map-file.js";
import { DEFAULT_RESIDENT_TEXT_BYTES, OnDiskDocument } from "./on-disk.js";
import { contentHashOfBytes, type ParseResult, parseDocument, sha256Hex } from "./parse.js";
import { type CachedParse, cachedResult, ParseCache } from "./parse-cache.js";
import type { Corpus, CorpusDocument, LoadWarning } from "./types.js";
import { CorpusFileReader, listMarkdownFiles } from "./walk.js";

export interface CorpusOptions {
  /**
   * Path prefix → kind (longest prefix wins). When absent, loadCorpus reads
   * the folder's own `oddkit.kinds.*` file, else uses DEFAULT_KIND_MAP.
   */
  readonly kindMap?: KindMap;
  /**
   * Corpus text (UTF-8 bytes) kept in memory; past it every document of a
   * folder is read from disk on demand (on-disk.ts). Default 64 MiB; 0 keeps
   * no text resident, Infinity keeps all of it.
   */
  readonly residentTextBytes?: number;
  /** Where `kindMap` came from (e.g. a `--kind-map` file), kept on the corpus for reports. */
  readonly kindMapSource?: KindMapSource;
  /**
   * A folder for parsed documents (parse-cache.ts): files whose text is unchanged since a load
   * that wrote it are not parsed again. Absent: no cache. The CLI passes `defaultIndexCacheDir()`.
   */
  readonly parseCache?: string;
}

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** Folders never indexed (as globs; the walk uses walk.ts's IGNORED_FOLDERS). */
export const IGNORED_GLOBS = ["**/node_modules/**", "**/.git/**", "**/dist/**", "**/build/**"] as const;

/** One file, parsed (documents built with the corpus's kind map). */
interface ParsedFile {
  readonly path: string;
  readonly result: ParseResult;
}

export async function loadCorpus(dir: string, options: CorpusOptions = {}): Promise<Corpus> {
  const root = resolve(dir);
  let isDirectory = false;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch (error) {
    throw new Error(`corpus directory '${dir}' cannot be read: ${(error as Error).message}`);
  }
  if (!isDirectory) throw new Error(`corpus directory '${dir}' is not a directory`);
  const residentLimit = options.residentTextBytes ?? DEFAULT_RESIDENT_TEXT_BYTES;
  if (!(residentLimit >= 0)) {
    throw new TypeError(
      `loadCorpus: residentTextBytes must be a number ≥ 0 (or Infinity), got ${String(options.residentTextBytes)}`,
    );
  }
  const chosen =
    options.kindMap !== undefined
      ? { map: options.kindMap, source: options.kindMapSource ?? ({ from: "option" } as const) }
      : await corpusKindMap(root);
  const kindMap = chosen.map;

  // Real paths only: links are reported (walk.ts), never served.
  const listing = await listMarkdownFiles(root);
  const readWarnings: LoadWarning[] = [...listing.warnings];
  // Each file is parsed as soon as it is read, and its text dropped once the corpus is known
  // to be large: a 100k-document corpus is never held in memory whole, not even while loading.
  // Reads are synchronous: one small file at a time is faster than FileHandle.readFile's
  // chunked reads, and the load is CPU-bound (YAML, hashing) anyway.
  const parsed: ParsedFile[] = [];
  const cache =
    options.parseCache === undefined ? null : ParseCache.open(options.parseCache, listing.root, kindMap);
  let residentBytes = 0;
  let onDisk = false;
  const keepOnDisk = (file: ParsedFile): ParsedFile => {
    const doc = file.result.document;
    return doc === null
      ? file
      : { ...file, result: { ...file.result, document: new OnDiskDocument(doc, listing.root) } };
  };
  const reader = new CorpusFileReader(listing.root);
  for (const path of listing.paths) {
    // Valid until the next read: hashed and decoded (when text is kept or parsed) right here.
    let bytes: Buffer;
    try {
      bytes = reader.read(path);
    } catch (error) {
      readWarnings.push({
        path: normalizePath(path),
        message: `file cannot be read and is not served: ${(error as Error).message}`,
      });
      continue;
    }
    if (!onDisk) {
      residentBytes += bytes.length;
      if (residentBytes > residentLimit) {
        onDisk = true;
        for (let i = 0; i < parsed.length; i++) parsed[i] = keepOnDisk(parsed[i]!);
      }
    }
    const docPath = normalizePath(path);
    const hash = contentHashOfBytes(bytes);
    const entry = cache?.cached(docPath, hash);
    if (entry !== undefined) {
      // A cached parse of this very text: a document kept on disk needs no text at all.
      parsed.push({
        path,
        result: onDisk ? onDiskResult(entry, listing.root) : cachedResult(entry, bytes.toString("utf8")),
      });
      continue;
    }
    const parsedFile: ParsedFile = {
      path,
      result: parseDocument(path, bytes.toString("utf8"), kindMap, hash),
    };
    const file = onDisk ? keepOnDisk(parsedFile) : parsedFile;
    cache?.record(docPath, hash, file.result);
    parsed.push(file);
  }
  cache?.save();
  const assembled = assemble(parsed, kindMap, chosen.source, root);
  const corpus = cache ? { ...assembled, parsedFromCache: cache.hits } : assembled;
  if (readWarnings.length === 0) return corpus;
  return { ...corpus, warnings: sortWarnings([...corpus.warnings, ...readWarnings]) };
}

/** A cached parse as a document kept on disk (cached fields own their strings: nothing to detach). */
function onDiskResult(entry: CachedParse, root: string): ParseResult {
  const warnings = [...entry.warnings];
  const document = entry.fields === null ? null : new OnDiskDocument(entry.fields, root, true);
  return entry.skipped === undefined
    ? { document, warnings }
    : { document, warnings, skipped: entry.skipped };
}

/** A corpus from in-memory files (their text stays resident). */
export function corpusFromFiles(
  files: readonly SourceFile[],
  options: CorpusOptions & { readonly root?: string } = {},
): Corpus {
  const kindMap = options.kindMap ?? DEFAULT_KIND_MAP;
  const kindMapSource: KindMapSource =
    options.kindMapSource ?? (options.kindMap === undefined ? { from: "default" } : { from: "option" });
  const parsed = files.map((f) => ({ path: f.path, result: parseDocument(f.path, f.text, kindMap) }));
  return assemble(parsed, kindMap, kindMapSource, options.root ?? "");
}

function assemble(
  files: readonly ParsedFile[],
  kindMap: KindMap,
  kindMapSource: KindMapSource,
  root: string,
): Corpus {
  const sorted = files
    .map((f) => ({ path: normalizePath(f.path), result: f.result }))
    .sort((a, b) => compareStrings(a.path, b.path));
  const documents: CorpusDocument[] = [];
  const skipped: { path: string; reason: string }[] = [];
  const warnings: LoadWarning[] = [];
  const byUri = new Map<string, CorpusDocument>();
  const byPath = new Map<string, CorpusDocument>();

  for (const file of sorted) {
    if (byPath.has(file.path)) {
      warnings.push({ path: file.path, message: "path given twice; the first copy is served." });
      continue;
    }
    const result = file.result;
    warnings.push(...result.warnings);
    const doc = result.document;
    if (doc === null) {
      skipped.push({ path: file.path, reason: result.skipped ?? "not served" });
      continue;
    }
    documents.push(doc);
    byPath.set(doc.path, doc);
    const first = byUri.get(doc.uri);
    if (first) {
      warnings.push({
        path: doc.path,
        message: `uri ${doc.uri} is also declared by ${first.path}; that document answers for it. Give one of them another uri.`,
      });
    } else {
      byUri.set(doc.uri, doc);
    }
  }

  return {
    root,
    kindMap,
    kindMapSource,
    documents,
    skipped,
    warnings,
    byUri,
    byPath,
    revision: corpusRevision(documents),
  };
}

/** sha256 over the sorted `path:contentHash` lines of the served documents. */
export function corpusRevision(documents: readonly Pick<CorpusDocument, "path" | "contentHash">[]): string {
  const lines = documents.map((d) => `${d.path}:${d.contentHash}\n`).sort(compareStrings);
  return sha256Hex(lines.join(""));
}

/** Code-unit order, independent of the process locale. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortWarnings(warnings: LoadWarning[]): LoadWarning[] {
  return warnings.sort((a, b) => compareStrings(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0));
}
