/**
 * Build a Corpus from a folder of markdown (or from in-memory files). One bad
 * file never fails the load: it becomes a warning and, whenever anything can
 * be read, a served document.
 */
import { lstatSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DEFAULT_KIND_MAP, type KindMap, normalizePath } from "../contract/index.js";
import { corpusKindMap, type KindMapSource } from "./kind-map-file.js";
import { DEFAULT_RESIDENT_TEXT_BYTES, OnDiskDocument } from "./on-disk.js";
import { contentHashOfBytes, type ParseResult, parseDocument, sha256Hex } from "./parse.js";
import { cachedResult, ParseCache, resultOfEntry } from "./parse-cache.js";
import { type FileStamp, settledStamp, stampOf, wallClockNs } from "./stamp.js";
import { textOnDemand } from "./text-on-demand.js";
import type { Corpus, CorpusDocument, DocumentFields, LoadWarning } from "./types.js";
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

/** What a folder parser is asked to read: the listed files, in order, and how to keep them. */
export interface FolderJob {
  /** The folder's real path; `paths` are relative to it. */
  readonly root: string;
  readonly paths: readonly string[];
  readonly kindMap: KindMap;
  /** Documents keep their text on disk (OnDiskDocument, fields detached from the text). */
  readonly onDisk: boolean;
  /** The parse cache's content hash for a listed path, when it holds one: a file whose text hashes to it is not parsed. */
  readonly cachedHash: (path: string) => string | undefined;
  /**
   * When the load started (wall clock, ns), for the stamps a parser may report with each file it
   * reads (stamp.ts `settledStamp`); null when no parse cache would keep them.
   */
  readonly loadStartNs?: bigint | null;
}

/** One listed file, read: unreadable, the parse cache's entry (its hash matched), or parsed. */
export type FileOutcome =
  | { readonly path: string; readonly unreadable: string }
  /** Hashes to the parse cache's entry; `text` is given when documents stay resident. */
  | {
      readonly path: string;
      readonly hash: string;
      readonly cached: true;
      readonly text?: string;
      /** The file's settled stamp when read (stamp.ts), if the parser took one. */
      readonly stamp?: FileStamp | null;
    }
  | {
      readonly path: string;
      readonly hash: string;
      readonly result: ParseResult;
      readonly stamp?: FileStamp | null;
    };

/**
 * Reads and parses the files of a job, yielding their outcomes in the job's order (in batches).
 * `parseFolderFiles` is the one-file-at-a-time reader; the server's cold load runs the same
 * steps in worker threads and builds the search index's postings beside them.
 */
export type FolderParser = (job: FolderJob) => AsyncIterable<readonly FileOutcome[]>;

export async function loadCorpus(dir: string, options: CorpusOptions = {}): Promise<Corpus> {
  return loadCorpusWith(dir, options, parseFolderFiles);
}

/**
 * `loadCorpus`, its files read and parsed by `parser` (which must keep the job's order). `clock`
 * is the wall clock the racy-git rule measures against (stamp.ts; tests move it).
 */
export async function loadCorpusWith(
  dir: string,
  options: CorpusOptions,
  parser: FolderParser,
  clock: () => bigint = wallClockNs,
): Promise<Corpus> {
  // Before any file is looked at: a stamp is recorded only for files settled before this.
  const loadStartNs = clock();
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
  const cache =
    options.parseCache === undefined ? null : ParseCache.open(options.parseCache, listing.root, kindMap);
  // Resident or on disk is decided from the listed files' sizes before any is read, so a large
  // corpus never holds its first residentTextBytes of text while the loader finds out.
  const onDisk = exceedsBytes(listing.root, listing.paths, residentLimit);
  // Files the cache proves unchanged by their stamp are neither read nor hashed (stamp.ts); the
  // parser reads the rest. Both are put back in listing order below.
  const proven = cache === null ? new Map<string, ParseResult>() : provenFiles(cache, listing, onDisk);
  const job: FolderJob = {
    root: listing.root,
    paths: proven.size === 0 ? listing.paths : listing.paths.filter((path) => !proven.has(path)),
    kindMap,
    onDisk,
    cachedHash: (path) => cache?.cachedHash(normalizePath(path)),
    loadStartNs: cache === null ? null : loadStartNs,
  };
  const read = new Map<string, ParseResult>();
  // One entry per listed file, unless unreadable: the cache writes its file as the load goes.
  cache?.expect(proven.size + job.paths.length);
  try {
    await readFiles(job, parser, cache, onDisk, readWarnings, read);
  } catch (error) {
    cache?.abandon();
    throw error;
  }
  cache?.save();
  const parsed: ParsedFile[] = [];
  for (const path of listing.paths) {
    const result = proven.get(path) ?? read.get(path);
    if (result !== undefined) parsed.push({ path, result });
  }
  const assembled = assemble(parsed, kindMap, chosen.source, root);
  const corpus = cache ? { ...assembled, parsedFromCache: cache.hits } : assembled;
  if (readWarnings.length === 0) return corpus;
  return { ...corpus, warnings: sortWarnings([...corpus.warnings, ...readWarnings]) };
}

/** Run `parser` over the job, its outcomes into `read` (parse results by path) and `readWarnings`. */
async function readFiles(
  job: FolderJob,
  parser: FolderParser,
  cache: ParseCache | null,
  onDisk: boolean,
  readWarnings: LoadWarning[],
  read: Map<string, ParseResult>,
): Promise<void> {
  let at = 0;
  for await (const batch of parser(job)) {
    for (const outcome of batch) {
      if (outcome.path !== job.paths[at++]) {
        throw new Error(`loadCorpus: the folder parser answered ${outcome.path} out of order`);
      }
      if ("unreadable" in outcome) {
        readWarnings.push({
          path: normalizePath(outcome.path),
          message: `file cannot be read and is not served: ${outcome.unreadable}`,
        });
        continue;
      }
      const docPath = normalizePath(outcome.path);
      if ("cached" in outcome) {
        const entry = cache?.cached(docPath, outcome.hash, outcome.stamp ?? null);
        if (entry === undefined) throw new Error(`loadCorpus: no cached parse of ${docPath} to reuse`);
        // A cached parse of this very text: a document kept on disk needs no text at all.
        read.set(
          outcome.path,
          onDisk ? resultOfEntry(entry, onDiskDocument(job.root)) : cachedResult(entry, outcome.text ?? ""),
        );
        continue;
      }
      cache?.record(docPath, outcome.hash, outcome.result, outcome.stamp ?? null);
      read.set(outcome.path, outcome.result);
    }
  }
  if (at !== job.paths.length)
    throw new Error(`loadCorpus: the folder parser answered ${at} of ${job.paths.length} files`);
}

/**
 * The listed files whose cache entry carries a stamp equal to the file's stamp now (`lstat`, no
 * read), as parse results: documents kept on disk, or resident ones whose text is read on first use.
 */
function provenFiles(
  cache: ParseCache,
  listing: { root: string; paths: readonly string[] },
  onDisk: boolean,
): Map<string, ParseResult> {
  const proven = new Map<string, ParseResult>();
  for (const path of listing.paths) {
    const docPath = normalizePath(path);
    if (cache.cachedStamp(docPath) === undefined) continue;
    let stamp: FileStamp | null;
    try {
      stamp = stampOf(lstatSync(join(listing.root, path), { bigint: true }));
    } catch {
      continue; // Gone or unreadable: the parser reports it.
    }
    const entry = stamp === null ? undefined : cache.proven(docPath, stamp);
    if (entry === undefined) continue;
    proven.set(
      path,
      resultOfEntry(
        entry,
        onDisk ? onDiskDocument(listing.root) : (fields) => textOnDemand(fields, listing.root),
      ),
    );
  }
  return proven;
}

/** Do the listed files hold more than `limit` bytes? (sizes from the listing's stats, read no further than needed) */
function exceedsBytes(root: string, paths: readonly string[], limit: number): boolean {
  if (limit === Number.POSITIVE_INFINITY) return false;
  let total = 0;
  for (const path of paths) {
    try {
      total += lstatSync(join(root, path)).size;
    } catch {
      // Unreadable or gone: the read reports it.
    }
    if (total > limit) return true;
  }
  return false;
}

/**
 * The folder parser of `loadCorpus`: one file at a time, each parsed as soon as it is read, its
 * text dropped when documents stay on disk. Reads are synchronous: one small file at a time is
 * faster than FileHandle.readFile's chunked reads, and the load is CPU-bound (YAML, hashing) anyway.
 */
export async function* parseFolderFiles(job: FolderJob): AsyncGenerator<readonly FileOutcome[]> {
  const reader = new CorpusFileReader(job.root);
  const batch: FileOutcome[] = [];
  const loadStartNs = job.loadStartNs ?? null;
  for (const path of job.paths) {
    if (batch.length >= 1024) yield batch.splice(0);
    // Valid until the next read: hashed and decoded (when text is kept or parsed) right here.
    let bytes: Buffer;
    let stamp: FileStamp | null = null;
    try {
      if (loadStartNs === null) bytes = reader.read(path);
      else {
        const read = reader.readWithStats(path);
        bytes = read.bytes;
        stamp = settledStamp(read.stats, loadStartNs);
      }
    } catch (error) {
      batch.push({ path, unreadable: (error as Error).message });
      continue;
    }
    const hash = contentHashOfBytes(bytes);
    if (job.cachedHash(path) === hash) {
      batch.push(
        job.onDisk
          ? { path, hash, cached: true, stamp }
          : { path, hash, cached: true, text: bytes.toString("utf8"), stamp },
      );
      continue;
    }
    const result = parseDocument(path, bytes.toString("utf8"), job.kindMap, hash);
    batch.push({ path, hash, result: job.onDisk ? keptOnDisk(result, job.root) : result, stamp });
  }
  yield batch;
}

/** A parse result whose document keeps its text on disk. */
function keptOnDisk(result: ParseResult, root: string): ParseResult {
  const doc = result.document;
  return doc === null ? result : { ...result, document: new OnDiskDocument(doc, root) };
}

/** Cached fields as a document kept on disk (cached fields own their strings: nothing to detach). */
function onDiskDocument(root: string): (fields: DocumentFields) => CorpusDocument {
  return (fields) => new OnDiskDocument(fields, root, true);
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
