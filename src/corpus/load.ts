/**
 * Build a Corpus from a folder of markdown (or from in-memory files). One bad
 * file never fails the load: it becomes a warning and, whenever anything can
 * be read, a served document.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { DEFAULT_KIND_MAP, type KindMap, normalizePath } from "../contract/index.js";
import { corpusKindMap, type KindMapSource } from "./kind-map-file.js";
import { parseDocument, sha256Hex } from "./parse.js";
import type { Corpus, CorpusDocument, LoadWarning } from "./types.js";
import { listMarkdownFiles, readCorpusFile } from "./walk.js";

export interface CorpusOptions {
  /**
   * Path prefix → kind (longest prefix wins). When absent, loadCorpus reads
   * the folder's own `oddkit.kinds.*` file, else uses DEFAULT_KIND_MAP.
   */
  readonly kindMap?: KindMap;
  /** Where `kindMap` came from (e.g. a `--kind-map` file), kept on the corpus for reports. */
  readonly kindMapSource?: KindMapSource;
}

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** Folders never indexed (as globs; the walk uses walk.ts's IGNORED_FOLDERS). */
export const IGNORED_GLOBS = ["**/node_modules/**", "**/.git/**", "**/dist/**", "**/build/**"] as const;

/** Files read at once: enough to keep the disk busy, few enough to stay clear of EMFILE at 100k files. */
const READ_CONCURRENCY = 64;

export async function loadCorpus(dir: string, options: CorpusOptions = {}): Promise<Corpus> {
  const root = resolve(dir);
  let isDirectory = false;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch (error) {
    throw new Error(`corpus directory '${dir}' cannot be read: ${(error as Error).message}`);
  }
  if (!isDirectory) throw new Error(`corpus directory '${dir}' is not a directory`);
  const chosen =
    options.kindMap !== undefined
      ? { map: options.kindMap, source: options.kindMapSource ?? ({ from: "option" } as const) }
      : await corpusKindMap(root);

  // Real paths only: links are reported (walk.ts), never served.
  const listing = await listMarkdownFiles(root);
  const { paths } = listing;
  const files: SourceFile[] = [];
  const readWarnings: LoadWarning[] = [...listing.warnings];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      try {
        files.push({ path, text: await readCorpusFile(listing.root, path) });
      } catch (error) {
        readWarnings.push({
          path: normalizePath(path),
          message: `file cannot be read and is not served: ${(error as Error).message}`,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, paths.length) }, worker));
  const corpus = corpusFromFiles(files, { kindMap: chosen.map, kindMapSource: chosen.source, root });
  if (readWarnings.length === 0) return corpus;
  return { ...corpus, warnings: sortWarnings([...corpus.warnings, ...readWarnings]) };
}

export function corpusFromFiles(
  files: readonly SourceFile[],
  options: CorpusOptions & { readonly root?: string } = {},
): Corpus {
  const kindMap = options.kindMap ?? DEFAULT_KIND_MAP;
  const kindMapSource: KindMapSource =
    options.kindMapSource ?? (options.kindMap === undefined ? { from: "default" } : { from: "option" });
  const sorted = [...files]
    .map((f) => ({ path: normalizePath(f.path), text: f.text }))
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
    const result = parseDocument(file.path, file.text, kindMap);
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
    root: options.root ?? "",
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
