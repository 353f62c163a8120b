/** Terminal rendering of a conformance report: one line per check, then each failure with its request and evidence. */
import type { ConformanceReport } from "./run.js";

const MARK = { pass: "PASS", fail: "FAIL", "not-applicable": "n/a " } as const;

/** One line per check: `PASS  1  Entries carry only …  (57 requests)`. */
export function formatChecksTable(report: ConformanceReport, width = 78): string[] {
  return report.checks.map((c) => {
    const tail =
      c.status === "fail" ? `${c.violations} violation${c.violations === 1 ? "" : "s"}` : `${c.requests} req`;
    const room = Math.max(20, width - 12 - tail.length);
    const title = c.title.length > room ? `${c.title.slice(0, room - 1)}…` : c.title;
    return `${MARK[c.status]} ${String(c.id).padStart(2)}  ${title.padEnd(room)} ${tail}`;
  });
}

export function conformanceVerdict(report: ConformanceReport): string {
  const failed = report.checks.filter((c) => c.status === "fail").map((c) => c.id);
  const na = report.checks.filter((c) => c.status === "not-applicable").map((c) => c.id);
  return failed.length === 0
    ? `CONFORMS: ${report.checks.length - na.length} of ${report.checks.length} checks pass${na.length ? ` (${na.length} not applicable: ${na.join(", ")})` : ""}`
    : `DOES NOT CONFORM: check${failed.length > 1 ? "s" : ""} ${failed.join(", ")} failed`;
}

export function formatConformanceText(report: ConformanceReport): string {
  const lines = [
    `Conformance of ${report.target} (${report.requests} requests)`,
    "",
    ...formatChecksTable(report),
    "",
  ];
  lines.push(conformanceVerdict(report));
  for (const check of report.checks) {
    if (check.note) lines.push(`  check ${check.id}: ${check.note}`);
  }
  for (const check of report.checks.filter((c) => c.status === "fail")) {
    lines.push("", `check ${check.id} — ${check.title}:`);
    for (const f of check.failures) {
      lines.push(`  request ${f.request.id}: ${f.request.tool} ${JSON.stringify(f.request.arguments)}`);
      lines.push(`    ${f.reason}`);
      if (f.evidence !== undefined) lines.push(`    evidence: ${JSON.stringify(f.evidence).slice(0, 300)}`);
    }
    if (check.violations > check.failures.length) {
      lines.push(`  … ${check.violations - check.failures.length} more (see --json)`);
    }
  }
  return lines.join("\n");
}
