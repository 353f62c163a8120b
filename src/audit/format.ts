/**
 * Human-readable renderings of an audit report: a terminal summary and a
 * markdown page (for a CI job summary or a pull-request comment).
 */
import { describeKindMapSource } from "../corpus/kind-map-file.js";
import { type AuditReport, FINDING_SEVERITY, FINDING_TYPES, type Finding } from "./types.js";

/** Finding types in display order, with counts, skipping zeros. */
function typeRows(report: AuditReport): { type: string; severity: string; count: number }[] {
  return FINDING_TYPES.filter((t) => report.totals.byType[t] > 0).map((t) => ({
    type: t,
    severity: FINDING_SEVERITY[t],
    count: report.totals.byType[t],
  }));
}

export function auditVerdict(report: AuditReport): string {
  const t = report.totals;
  const head = `${t.documents} documents: ${t.errors} errors in ${t.documentsWithErrors} documents, ${t.warnings} warnings, ${t.infos} notes`;
  if (!report.strict) return `${head} (soft mode: reported, not enforced)`;
  return `${head} — ${report.pass ? "PASS" : "FAIL"} (strict)`;
}

/** Terminal summary: verdict, counts per finding type and field, then up to `maxDocuments` documents with errors. */
export function formatAuditText(report: AuditReport, options: { maxDocuments?: number } = {}): string {
  const max = options.maxDocuments ?? 20;
  const lines = [auditVerdict(report), `kind map: ${describeKindMapSource(report.kindMapSource)}`, ""];
  const rows = typeRows(report);
  if (rows.length === 0) lines.push("no findings");
  for (const row of rows) {
    const fields = Object.entries(report.totals.byField)
      .filter(([key]) => key.startsWith(`${row.type}:`))
      .map(([key, n]) => `${key.slice(row.type.length + 1)} ${n}`);
    lines.push(
      `  ${row.severity.padEnd(7)} ${row.type.padEnd(26)} ${String(row.count).padStart(5)}${fields.length ? `  (${fields.join(", ")})` : ""}`,
    );
  }
  const failing = report.documents.filter((d) => d.findings.some((f) => f.severity === "error"));
  if (failing.length > 0) {
    lines.push("", `documents with errors (${failing.length}):`);
    for (const doc of failing.slice(0, max)) {
      lines.push(`  ${doc.path}`);
      for (const f of doc.findings.filter((x) => x.severity === "error")) lines.push(`    ${describe(f)}`);
    }
    if (failing.length > max) lines.push(`  … and ${failing.length - max} more (use --json or --markdown)`);
  }
  if (report.notAudited.length > 0) {
    lines.push("", `not audited (${report.notAudited.length}):`);
    for (const skip of report.notAudited) lines.push(`  ${skip.path}: ${skip.message}`);
  }
  return lines.join("\n");
}

function describe(f: Finding): string {
  return `${f.type}${f.field ? ` [${f.field}]` : ""}${f.line ? ` line ${f.line}` : ""}: ${f.message}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Full markdown report: totals table, kind overrides, duplicates, then every document with findings. */
export function formatAuditMarkdown(report: AuditReport): string {
  const t = report.totals;
  const out = [
    "# Frontmatter audit",
    "",
    `**${auditVerdict(report)}**`,
    "",
    `Kinds resolved with ${describeKindMapSource(report.kindMapSource)}.`,
    "",
    "| finding | severity | count |",
    "| --- | --- | ---: |",
    ...typeRows(report).map((r) => `| \`${r.type}\` | ${r.severity} | ${r.count} |`),
    "",
    "| kind | documents |",
    "| --- | ---: |",
    ...Object.entries(t.byKind).map(([k, n]) => `| ${k} | ${n} |`),
  ];
  const overrides = report.documents.filter((d) => d.kind.overridesPath);
  if (overrides.length > 0) {
    out.push("", "## Kind overrides (frontmatter `kind:` wins over the path)", "");
    out.push("| path | path kind | declared kind |", "| --- | --- | --- |");
    for (const d of overrides) {
      out.push(`| \`${cell(d.path)}\` | ${d.kind.pathKind ?? "none"} | ${cell(String(d.kind.declared))} |`);
    }
  }
  if (report.duplicateUris.length > 0) {
    out.push("", "## Duplicate URIs", "");
    for (const dup of report.duplicateUris)
      out.push(`- \`${dup.uri}\`: ${dup.paths.map((p) => `\`${p}\``).join(", ")}`);
  }
  if (report.notAudited.length > 0) {
    out.push("", "## Not audited", "", "| path | why |", "| --- | --- |");
    for (const skip of report.notAudited) out.push(`| \`${cell(skip.path)}\` | ${cell(skip.message)} |`);
  }
  const withFindings = report.documents.filter((d) =>
    d.findings.some((f) => f.severity !== "info" || f.type === "kind_override"),
  );
  if (withFindings.length > 0) {
    out.push("", "## Documents", "", "| path | severity | finding | detail |", "| --- | --- | --- | --- |");
    for (const d of withFindings) {
      for (const f of d.findings) {
        out.push(
          `| \`${cell(d.path)}\` | ${f.severity} | \`${f.type}\`${f.field ? ` (${f.field})` : ""} | ${cell(f.message)} |`,
        );
      }
    }
  }
  return `${out.join("\n")}\n`;
}
