/** The migration report on one screen (~40 lines): audit summary, conformance table, cost summary. */
import { auditVerdict } from "../audit/format.js";
import type { AuditReport } from "../audit/types.js";
import { conformanceVerdict, formatChecksTable } from "../conformance/format.js";
import { legacyLine, times, workloadLine } from "../cost/format.js";
import type { CostReport } from "../cost/measure.js";
import { fmt } from "../cost/projection.js";
import type { MigrationReport } from "./report.js";

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
      `  per week at ${p.inputs.callsPerHour} calls/hour: ${p.rows
        .map((r) => `${r.label} ${fmt(r.contract.tokens)}`)
        .join(" · ")} (legacy today ${fmt(p.rows[0]?.legacy.tokens ?? 0)})`,
    );
  }
  lines.push(`  ${cost.check11.statement}`);
  return lines;
}

export function formatMigrationReport(report: MigrationReport): string {
  const lines = [`oddkit-sdk migration report — ${report.target}`, ""];
  lines.push(`Frontmatter audit (from ${report.auditSource}; details: oddkit-sdk audit --markdown FILE)`);
  lines.push(
    ...("unavailable" in report.audit
      ? [`  ${report.audit.unavailable}`]
      : auditLines(report.audit, report.auditSource)),
  );
  lines.push(
    "",
    `Conformance: the contract's 11 checks, ${report.conformance.requests} requests (details: oddkit-sdk conformance)`,
  );
  lines.push(...formatChecksTable(report.conformance, 76).map((l) => `  ${l}`));
  lines.push(`  ${conformanceVerdict(report.conformance)}`);
  lines.push("", "Token cost, cl100k (details and arithmetic: oddkit-sdk cost)");
  lines.push(
    ...("unavailable" in report.cost
      ? [`  not measurable: ${report.cost.unavailable}`]
      : costLines(report.cost)),
  );
  lines.push(
    "",
    `${report.pass ? "READY" : "NOT READY"} — measured in ${(report.durationMs / 1000).toFixed(1)} s. Next: oddkit-sdk shadow --predicate FILE.ts`,
  );
  return lines.join("\n");
}
