/**
 * auditCorpus: every markdown file of a knowledge base checked against the
 * contract's structural fields, plus the checks that need all documents at
 * once (duplicate URIs, superseded_by targets that resolve to nothing).
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { DEFAULT_KIND_MAP, type KindMap, normalizePath, pathForKlappyUri } from "../contract/index.js";
import { requireDocuments } from "../corpus/empty.js";
import { corpusKindMap, type KindMapSource } from "../corpus/kind-map-file.js";
import type { SourceFile } from "../corpus/load.js";
import type { Corpus, LoadWarning } from "../corpus/types.js";
import { listMarkdownFiles, readCorpusFile } from "../corpus/walk.js";
import { auditDocument, type DocumentDraft, finding } from "./document.js";
import {
  AUDIT_SCHEMA_VERSION,
  type AuditReport,
  type AuditTotals,
  type DocumentAudit,
  FINDING_TYPES,
  type FindingType,
} from "./types.js";

export interface AuditOptions {
  /**
   * Path prefix → kind map of the knowledge base. Default: a loaded corpus's
   * own map; for a folder, its `oddkit.kinds.*` file at the root, else the
   * contract's DEFAULT_KIND_MAP.
   */
  readonly kindMap?: KindMap;
  /** Where `kindMap` came from (reported as `kindMapSource`). */
  readonly kindMapSource?: KindMapSource;
  /** Strict mode: `pass` is false when any error is found (the CLI then exits 1). */
  readonly strict?: boolean;
}

/** What can be audited: a folder, a loaded corpus (its served documents), or in-memory files. */
export type AuditSource = string | Corpus | readonly SourceFile[];

export async function auditCorpus(source: AuditSource, options: AuditOptions = {}): Promise<AuditReport> {
  const { root, files, warnings } = await filesOf(source);
  if (typeof source === "string") requireDocuments(source, files.length);
  const chosen: { map: KindMap; source: KindMapSource } =
    options.kindMap !== undefined
      ? { map: options.kindMap, source: options.kindMapSource ?? { from: "option" } }
      : isCorpus(source)
        ? { map: source.kindMap, source: source.kindMapSource }
        : typeof source === "string"
          ? await corpusKindMap(root)
          : { map: DEFAULT_KIND_MAP, source: { from: "default" } };
  const report = auditFiles(root, files, chosen.map, options.strict ?? false, chosen.source);
  return warnings.length === 0
    ? report
    : { ...report, notAudited: warnings.map((w) => ({ path: w.path, message: w.message })) };
}

function isCorpus(source: AuditSource): source is Corpus {
  return typeof source === "object" && !Array.isArray(source) && "documents" in source;
}

async function filesOf(
  source: AuditSource,
): Promise<{ root: string; files: SourceFile[]; warnings: LoadWarning[] }> {
  if (typeof source === "string") {
    await checkFolder(source);
    return { root: resolve(source), ...(await readMarkdownFolderReporting(resolve(source))) };
  }
  if (isCorpus(source)) {
    return {
      root: source.root,
      files: source.documents.map((d) => ({ path: d.path, text: d.raw })),
      warnings: [],
    };
  }
  return { root: "", files: [...(source as readonly SourceFile[])], warnings: [] };
}

/** Every markdown file under `dir` (the folders the corpus loader ignores left out), read once. */
export async function readMarkdownFolder(dir: string): Promise<SourceFile[]> {
  await checkFolder(dir);
  return (await readMarkdownFolderReporting(resolve(dir))).files;
}

async function checkFolder(dir: string): Promise<void> {
  const root = resolve(dir);
  let isDirectory = false;
  try {
    isDirectory = (await stat(root)).isDirectory();
  } catch (error) {
    throw new Error(`audit: cannot read '${dir}': ${(error as Error).message}. Pass a folder of markdown.`);
  }
  if (!isDirectory) throw new Error(`audit: '${dir}' is not a directory. Pass a folder of markdown.`);
}

/**
 * The folder's markdown under the loaders' real-path rule (corpus/walk.ts):
 * links are not read; they come back as `warnings`, with unreadable files.
 */
export async function readMarkdownFolderReporting(
  root: string,
): Promise<{ files: SourceFile[]; warnings: LoadWarning[] }> {
  const listing = await listMarkdownFiles(root);
  const warnings = [...listing.warnings];
  const files: SourceFile[] = [];
  for (const path of listing.paths) {
    try {
      files.push({ path, text: await readCorpusFile(listing.root, path) });
    } catch (error) {
      warnings.push({ path, message: `file cannot be read and is not audited: ${(error as Error).message}` });
    }
  }
  return { files, warnings };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function auditFiles(
  root: string,
  files: readonly SourceFile[],
  kindMap: KindMap,
  strict: boolean,
  kindMapSource: KindMapSource = {
    from: kindMap === DEFAULT_KIND_MAP ? "default" : "option",
  } as KindMapSource,
): AuditReport {
  const drafts = [...files]
    .map((f) => auditDocument(f.path, f.text, kindMap))
    .sort((a, b) => compare(a.audit.path, b.audit.path));

  const duplicateUris = findDuplicateUris(drafts);
  checkSupersession(drafts);

  const documents: DocumentAudit[] = drafts.map((d) => d.audit);
  const totals = totalsOf(documents);
  return {
    schemaVersion: AUDIT_SCHEMA_VERSION,
    root,
    kindMapSource,
    kindMap,
    strict,
    pass: !strict || totals.errors === 0,
    totals,
    duplicateUris,
    documents,
    notAudited: [],
  };
}

function findDuplicateUris(drafts: DocumentDraft[]): { uri: string; paths: string[] }[] {
  const byUri = new Map<string, DocumentDraft[]>();
  for (const d of drafts) byUri.set(d.audit.uri, [...(byUri.get(d.audit.uri) ?? []), d]);
  const out: { uri: string; paths: string[] }[] = [];
  for (const [uri, group] of byUri) {
    if (group.length < 2) continue;
    const paths = group.map((d) => d.audit.path);
    out.push({ uri, paths });
    for (const d of group) {
      const others = paths.filter((p) => p !== d.audit.path);
      d.findings.push(
        finding(
          "duplicate_uri",
          `uri ${uri} is also used by ${others.join(", ")}; give each document its own uri.`,
          { field: "uri", value: uri },
        ),
      );
    }
  }
  return out.sort((a, b) => compare(a.uri, b.uri));
}

/** A `superseded_by` target resolves when it names a document by URI, or by path with or without `.md`. */
function checkSupersession(drafts: DocumentDraft[]): void {
  const uris = new Set(drafts.map((d) => d.audit.uri));
  const paths = new Set(drafts.map((d) => d.audit.path));
  const resolves = (target: string): boolean => {
    if (uris.has(target)) return true;
    const klappyPath = pathForKlappyUri(target);
    if (klappyPath !== null) return paths.has(klappyPath);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return false;
    const path = normalizePath(target);
    return paths.has(path) || paths.has(`${path}.md`);
  };
  for (const d of drafts) {
    const raw = d.frontmatter.superseded_by;
    if (raw === undefined || raw === null || raw === "") continue;
    const targets = Array.isArray(raw) ? raw : [raw];
    for (const target of targets) {
      if (typeof target === "string" && target.trim() !== "" && resolves(target.trim())) continue;
      d.findings.push(
        finding(
          "unresolved_superseded_by",
          `superseded_by ${JSON.stringify(target)} names no document (tried it as a uri and as a path with and without .md); fix the target or remove the key.`,
          { field: "superseded_by", value: target },
        ),
      );
    }
  }
}

function totalsOf(documents: readonly DocumentAudit[]): AuditTotals {
  const byType = Object.fromEntries(FINDING_TYPES.map((t) => [t, 0])) as Record<FindingType, number>;
  const byField: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  let documentsWithErrors = 0;
  let documentsWithWarnings = 0;
  for (const doc of documents) {
    const kind = doc.kind.resolved ?? "none";
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    let docErrors = 0;
    let docWarnings = 0;
    for (const f of doc.findings) {
      byType[f.type]++;
      if (f.field !== undefined) {
        const key = `${f.type}:${f.field}`;
        byField[key] = (byField[key] ?? 0) + 1;
      }
      if (f.severity === "error") docErrors++;
      else if (f.severity === "warning") docWarnings++;
      else infos++;
    }
    errors += docErrors;
    warnings += docWarnings;
    if (docErrors > 0) documentsWithErrors++;
    if (docWarnings > 0) documentsWithWarnings++;
  }
  return {
    documents: documents.length,
    documentsWithErrors,
    documentsWithWarnings,
    errors,
    warnings,
    infos,
    byType,
    byField: sortKeys(byField),
    byKind: sortKeys(byKind),
  };
}

function sortKeys(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compare(a, b)));
}
