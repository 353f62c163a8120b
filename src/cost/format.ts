/** Terminal rendering of a cost report, with the arithmetic shown. */
import { LEGACY_OPT_IN_PARAM } from "../contract/index.js";
import type { CostReport } from "./measure.js";
import { fmt, HOURS_PER_WEEK } from "./projection.js";

/** A ratio as shown in reports: `12.3×`, whole numbers from 100× up. */
export const times = (r: number): string => `${r >= 100 ? r.toFixed(0) : r.toFixed(1)}×`;
const ratio = (r: number | null) => (r === null ? "—" : times(r));

/** One line on the legacy call. */
export function legacyLine(report: CostReport): string {
  const l = report.legacy;
  if (!l.available) return `legacy doc-listing call: not measurable — ${l.reason}`;
  return `legacy doc-listing call: ${l.tool} ${JSON.stringify(l.arguments)}, ${l.pages} page${l.pages === 1 ? "" : "s"}, ${l.documents} docs${l.surface === "window" ? ` (via ${LEGACY_OPT_IN_PARAM})` : ""}: ${fmt(l.bytes)} bytes, ${fmt(l.tokens)} tokens (${fmt(l.tokensPerDocument)}/doc)`;
}

/** The per-use-case table. */
export function useCaseTable(report: CostReport): string[] {
  const lines = [
    `${"use case".padEnd(24)} ${"calls".padStart(5)} ${"entries".padStart(7)} ${"bytes".padStart(9)} ${"tokens".padStart(8)} ${"legacy/new".padStart(10)}`,
  ];
  for (const u of report.useCases) {
    lines.push(
      `${u.id.padEnd(24)} ${String(u.calls).padStart(5)} ${String(u.entries).padStart(7)} ${fmt(u.bytes).padStart(9)} ${fmt(u.tokens).padStart(8)} ${ratio(u.ratio).padStart(10)}`,
    );
  }
  return lines;
}

export function workloadLine(report: CostReport): string {
  const w = report.workload;
  return `workload (one render per use case): ${w.formula}${w.ratio === null ? "" : ` → ${ratio(w.ratio)}`}`;
}

export function projectionLines(report: CostReport): string[] {
  const p = report.projection;
  if (!p) return ["weekly projection: needs the legacy measurement"];
  const calls = p.inputs.callsPerHour * HOURS_PER_WEEK;
  const lines = [
    `weekly at ${p.inputs.callsPerHour} calls/hour (${fmt(calls)} calls; version probe ${fmt(p.inputs.probeTokens)} tokens):`,
  ];
  lines.push(
    `  ${"policy".padEnd(22)} ${"legacy".padStart(12)} ${"contract".padStart(11)} ${"same policy".padStart(11)} ${"vs today".padStart(9)}`,
  );
  for (const row of p.rows) {
    lines.push(
      `  ${row.label.padEnd(22)} ${fmt(row.legacy.tokens).padStart(12)} ${fmt(row.contract.tokens).padStart(11)} ${ratio(row.ratio).padStart(11)} ${ratio(row.vsBaseline).padStart(9)}`,
    );
  }
  lines.push(
    "  (same policy: legacy/contract with the same cache; vs today: legacy without cache / contract)",
  );
  return lines;
}

export function formatCostText(report: CostReport): string {
  const lines = [
    `Token cost on ${report.target} (cl100k, measured in one run)`,
    "",
    legacyLine(report),
    "",
    ...useCaseTable(report),
    "",
    workloadLine(report),
    "",
    ...projectionLines(report),
  ];
  if (report.projection) {
    lines.push("", "arithmetic:");
    for (const row of report.projection.rows) {
      lines.push(
        `  ${row.label}: legacy ${row.legacy.formula}`,
        `  ${" ".repeat(row.label.length)}  contract ${row.contract.formula}`,
      );
    }
  }
  lines.push("", report.check11.statement);
  return lines.join("\n");
}
