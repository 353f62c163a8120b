/** The migration report on one screen (~40 lines): audit summary, conformance table, cost summary. */
import { auditVerdict } from "../audit/format.js";
import type { AuditReport } from "../audit/types.js";
import { conformanceVerdict, formatChecksTable } from "../conformance/format.js";
import { legacyLine, times, weekTokens, workloadLine } from "../cost/format.js";
import type { CostReport } from "../cost/measure.js";
import { fmt } from "../cost/projection.js";
import type { MigrationReport, ReportSection } from "./report.js";

function auditLines(audit: AuditReport, source: MigrationReport["auditSource"]): string[] {
  const t = audit.totals;
  const f = t.byField;
  const n = (key: string) => f[key] ?? 0;
  const triple = (type: string) => `${n(`${type}:audience`)}/${n(`${type}:exposure`)}/${n(`${type}:tier`)}`;
  const kinds = Object.entries(t.byKind)
    .map(([k, v]) => `${k} ${v}`)
    .join(" · ");
  return [
    `  ${auditVerdict(audit)}`,
    `  audience/exposure/tier missing ${triple("missing_field")} · invalid ${triple("invalid_value")} · no frontmatter ${t.byType.no_frontmatter} · YAML errors ${t.byType.yaml_unparseable + t.byType.frontmatter_not_mapping + t.byType.frontmatter_unclosed}${source === "server metadata" ? " (not visible through the server)" : ""}`,
    `  kinds: ${kinds}`,
    `  kind overrides ${t.byType.kind_override} · invalid kind ${t.byType.invalid_kind} · duplicate URIs ${t.byType.duplicate_uri} · dangling superseded_by ${t.byType.unresolved_superseded_by}`,
  ];
}

function costLines(cost: CostReport): string[] {
  const lines = [`  ${legacyLine(cost)}`];
  const cells = cost.useCases.map(
    (u) => `${u.id} ${fmt(u.tokens)}${u.ratio === null ? "" : ` (${times(u.ratio)})`}`,
  );
  // Three use cases per line keeps the table on one screen.
  for (let i = 0; i < cells.length; i += 3) lines.push(`  ${cells.slice(i, i + 3).join(" · ")}`);
  lines.push(`  ${workloadLine(cost)}`);
  const p = cost.projection;
  if (p) {
    lines.push(
      `  per week at ${p.inputs.callsPerHour} calls/hour, ${cost.week.printed} (${cost.week.printed === "measured" ? "simulated week through the client cache, counted at the server" : "formula"}): ${cost.week.rows
        .map((r) => `${r.label} ${fmt(weekTokens(cost, r.policy) ?? 0)}`)
        .join(" · ")} (legacy today ${fmt(p.rows[0]?.legacy.tokens ?? 0)})`,
    );
  }
  lines.push(`  ${cost.check11.statement}`);
  return lines;
}

/** The lines of one section, as the CLI prints it the moment it is measured. */
export function formatReportSection(section: ReportSection): string[] {
  switch (section.section) {
    case "target":
      return [`oddkit-sdk migration report — ${section.target}`];
    case "audit":
      return [
        "",
        `Frontmatter audit (from ${section.auditSource}; details: oddkit-sdk audit --markdown FILE)`,
        ...("unavailable" in section.audit
          ? [`  ${section.audit.unavailable}`]
          : auditLines(section.audit, section.auditSource)),
      ];
    case "cost":
      return [
        "",
        "Token cost, cl100k (details and arithmetic: oddkit-sdk cost)",
        ...("unavailable" in section.cost
          ? [`  not measurable: ${section.cost.unavailable}`]
          : costLines(section.cost)),
      ];
    case "conformance":
      return [
        "",
        `Conformance: the contract's 11 checks, ${section.conformance.requests} requests (details: oddkit-sdk conformance)`,
        ...formatChecksTable(section.conformance, 76).map((l) => `  ${l}`),
        `  ${conformanceVerdict(section.conformance)}`,
      ];
  }
}

/** The closing verdict line. */
export function formatReportVerdict(report: MigrationReport): string[] {
  return [
    "",
    `${report.pass ? "READY" : "NOT READY"} — measured in ${(report.durationMs / 1000).toFixed(1)} s. Next: oddkit-sdk shadow --predicate FILE.ts`,
  ];
}

/** The whole report on one screen (~40 lines), sections in the order they are measured. */
export function formatMigrationReport(report: MigrationReport): string {
  const sections: ReportSection[] = [
    { section: "target", target: report.target },
    { section: "audit", audit: report.audit, auditSource: report.auditSource },
    { section: "cost", cost: report.cost },
    { section: "conformance", conformance: report.conformance },
  ];
  return [...sections.flatMap(formatReportSection), ...formatReportVerdict(report)].join("\n");
}
