/**
 * The migration report (`oddkit-sdk report`, README's run command): the
 * frontmatter audit, the conformance table and the token-cost summary of one
 * target, measured in one run. The cost workload is measured once and feeds
 * check 11 of the conformance suite.
 */
import { resolve } from "node:path";
import { auditFiles, readMarkdownFolder } from "../audit/audit.js";
import type { AuditReport } from "../audit/types.js";
import { createOddkitClient } from "../client/index.js";
import { type ConformanceReport, runConformance } from "../conformance/index.js";
import { type CostOutcome, settleCost, workloadFromCost } from "../conformance/workload.js";
import type { KindMap } from "../contract/index.js";
import {
  corpusFromFiles,
  corpusKindMap,
  type KindMapSource,
  requireDocuments,
  sampleCorpusDir,
} from "../corpus/index.js";
import type { CostOptions } from "../cost/measure.js";
import { createReferenceServer } from "../server/index.js";
import { auditServerDocuments } from "./remote-audit.js";

export const REPORT_SCHEMA_VERSION = 1;

export interface MigrationReportOptions {
  /** A live server; otherwise the embedded reference server on `corpus` (default: the bundled sample corpus). */
  readonly url?: string;
  readonly corpus?: string;
  readonly kindMap?: KindMap;
  /** Where `kindMap` came from (shown in the audit); without `kindMap` the corpus's own map is read. */
  readonly kindMapSource?: KindMapSource;
  readonly cost?: Pick<CostOptions, "callsPerHour" | "ttlSeconds" | "changesPerDay">;
  /**
   * Called with each part of the report as soon as it is measured, in this
   * order: target, audit, cost, conformance (the cost workload feeds check 11,
   * so cost comes first). The CLI prints each one as it arrives.
   */
  readonly onSection?: (section: ReportSection) => void;
  /** Folder of the on-disk search index cache for the embedded server (default false: none). */
  readonly indexCache?: string | false;
}

/** One part of the report, handed to `onSection` as soon as it is known. */
export type ReportSection =
  | { readonly section: "target"; readonly target: string }
  | {
      readonly section: "audit";
      readonly audit: MigrationReport["audit"];
      readonly auditSource: MigrationReport["auditSource"];
    }
  | { readonly section: "cost"; readonly cost: CostOutcome }
  | { readonly section: "conformance"; readonly conformance: ConformanceReport };

/** The order in which sections are measured and handed to `onSection`. */
export const REPORT_SECTIONS = [
  "target",
  "audit",
  "cost",
  "conformance",
] as const satisfies readonly ReportSection["section"][];

export interface MigrationReport {
  readonly schemaVersion: typeof REPORT_SCHEMA_VERSION;
  readonly target: string;
  /** The audit, or why it could not run. */
  readonly audit: AuditReport | { readonly unavailable: string };
  readonly auditSource: "files" | "server metadata";
  readonly conformance: ConformanceReport;
  readonly cost: CostOutcome;
  /** Conformance passes (check 11 included). */
  readonly pass: boolean;
  readonly durationMs: number;
}

export async function migrationReport(options: MigrationReportOptions = {}): Promise<MigrationReport> {
  const started = Date.now();
  if (options.url !== undefined) return remoteReport(options.url, options, started);
  const dir = options.corpus ?? sampleCorpusDir();
  // The folder is read once: the audit and the served corpus are built from the same files.
  const root = resolve(dir);
  const files = await readMarkdownFolder(dir);
  requireDocuments(dir, files.length);
  const { map: kindMap, source: kindMapSource } =
    options.kindMap !== undefined
      ? { map: options.kindMap, source: options.kindMapSource ?? ({ from: "option" } as const) }
      : await corpusKindMap(root);
  const corpus = corpusFromFiles(files, { root, kindMap, kindMapSource });
  const target = `embedded contract server on ${options.corpus ?? "the bundled sample corpus"} (${corpus.documents.length} documents)`;
  const emit = options.onSection ?? (() => undefined);
  emit({ section: "target", target });
  const audit = auditFiles(root, files, kindMap, false, kindMapSource);
  emit({ section: "audit", audit, auditSource: "files" });
  const server = await createReferenceServer({
    corpus,
    mode: "contract",
    indexCache: options.indexCache ?? false,
  });
  try {
    const cost = await settleCost({ server, ...options.cost });
    emit({ section: "cost", cost });
    const conformance = await runConformance({ server, workload: workloadFromCost(cost) });
    emit({ section: "conformance", conformance });
    return {
      schemaVersion: REPORT_SCHEMA_VERSION,
      target,
      audit,
      auditSource: "files",
      conformance,
      cost,
      pass: conformance.pass,
      durationMs: Date.now() - started,
    };
  } finally {
    await server.close();
  }
}

async function remoteReport(
  url: string,
  options: MigrationReportOptions,
  started: number,
): Promise<MigrationReport> {
  const emit = options.onSection ?? (() => undefined);
  emit({ section: "target", target: url });
  const client = createOddkitClient({ url, cache: false });
  let audit: MigrationReport["audit"];
  try {
    audit = await auditServerDocuments(client, url, options.kindMap);
  } catch (error) {
    audit = { unavailable: `cannot list the server's documents with metadata: ${(error as Error).message}` };
  } finally {
    await client.close();
  }
  emit({ section: "audit", audit, auditSource: "server metadata" });
  const cost = await settleCost({ url, ...options.cost });
  emit({ section: "cost", cost });
  const conformance = await runConformance({ url, workload: workloadFromCost(cost) });
  emit({ section: "conformance", conformance });
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    target: url,
    audit,
    auditSource: "server metadata",
    conformance,
    cost,
    pass: conformance.pass,
    durationMs: Date.now() - started,
  };
}
