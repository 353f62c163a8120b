/** Terminal rendering of a shadow report: counts, then disagreements grouped by reason. */
import { describeFilter } from "./compare.js";
import type { ShadowReport } from "./run.js";

export function shadowVerdict(report: ShadowReport): string {
  const pct = (report.divergence * 100).toFixed(1);
  return `${report.compared} documents compared: ${report.agree} agree, ${report.disagree} disagree (${pct}% divergence)`;
}

export function formatShadowText(report: ShadowReport): string {
  const v = report.verdicts;
  const lines = [
    `Shadow compare: server filter ${describeFilter(report.serverFilter)} vs the local predicate`,
    `${report.documents} documents fetched with metadata; the server lists ${report.serverListed} under the filter`,
    shadowVerdict(report),
    `  both include ${v.bothInclude}, both exclude ${v.bothExclude}, server only ${v.serverOnly}, local only ${v.localOnly}`,
  ];
  if (report.reasons.length > 0) {
    lines.push("", "disagreements by reason:");
    for (const r of report.reasons) {
      lines.push(`  ${String(r.count).padStart(5)}  ${r.reason}  (e.g. ${r.examples.join(", ")})`);
    }
  }
  return lines.join("\n");
}
