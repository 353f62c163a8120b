/** Terminal rendering of a cost report, with the arithmetic shown. */
import { LEGACY_OPT_IN_PARAM } from "../contract/index.js";
import type { CostReport, WeekRow } from "./measure.js";
import { fmt, HOURS_PER_WEEK } from "./projection.js";

/** A ratio as shown in reports: `12.3×`, whole numbers from 100× up. */
export const times = (r: number): string => `${r >= 100 ? r.toFixed(0) : r.toFixed(1)}×`;
const ratio = (r: number | null) => (r === null ? "—" : times(r));
const pct = (d: number) => `${d >= 0 ? "+" : ""}${(d * 100).toFixed(1)}%`;

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

/** The contract tokens of a week under `policy` as the report prints them: measured when the week was run, else the formula's. */
export function weekTokens(report: CostReport, policy: WeekRow["policy"]): number | null {
  const row = report.week.rows.find((r) => r.policy === policy);
  if (!row) return null;
  return row.measured ? row.measured.served.tokens : row.computed;
}

/** Which figure the weekly lines print, in words. */
export function weekSource(report: CostReport): string {
  return report.week.printed === "measured"
    ? "contract side measured: the workload run through the client, helpers and cache over a simulated week, counted at the server"
    : "contract side computed by the formula (a URL's knowledge base cannot be changed at a tempo)";
}

export function projectionLines(report: CostReport): string[] {
  const p = report.projection;
  const w = report.week;
  const first = w.rows[0]?.measured;
  const inputs = p?.inputs;
  const rate = inputs ? inputs.callsPerHour : null;
  const lines = [
    `weekly${rate === null ? "" : ` at ${rate} calls/hour`} (${first ? `${fmt(first.renders)} renders, ${fmt(first.changes)} knowledge-base changes` : `${fmt((rate ?? 0) * HOURS_PER_WEEK)} calls`}; version probe ${fmt(report.probe.tokens)} tokens):`,
    `  ${weekSource(report)}`,
    `  ${"policy".padEnd(22)} ${"legacy".padStart(12)} ${"contract".padStart(11)} ${"formula".padStart(11)} ${"calls".padStart(6)} ${"probes".padStart(6)} ${"same policy".padStart(11)} ${"vs today".padStart(9)}`,
  ];
  const baseline = p?.rows[0]?.legacy.tokens ?? null;
  for (const row of w.rows) {
    const legacy = p?.rows.find((r) => r.policy === row.policy)?.legacy.tokens ?? null;
    const contract = weekTokens(report, row.policy) ?? 0;
    const over = (a: number | null) => (a === null || contract === 0 ? null : a / contract);
    lines.push(
      `  ${row.label.padEnd(22)} ${(legacy === null ? "—" : fmt(legacy)).padStart(12)} ${fmt(contract).padStart(11)} ${fmt(row.computed).padStart(11)} ${(row.measured ? fmt(row.measured.served.calls) : "—").padStart(6)} ${(row.measured ? fmt(row.measured.probes.calls) : "—").padStart(6)} ${ratio(over(legacy)).padStart(11)} ${ratio(over(baseline)).padStart(9)}`,
    );
  }
  lines.push(
    "  (legacy: one measured legacy call × the calls the policy makes; same policy: legacy/contract with the same cache; vs today: legacy without cache / contract)",
  );
  if (!p) lines.push("  legacy side: needs the legacy measurement");
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
  const checked = report.week.rows.filter((r) => r.difference !== null);
  if (checked.length > 0) {
    lines.push(
      "",
      `cross-check, measured week vs formula: ${checked.map((r) => `${r.label} ${pct(r.difference as number)}`).join(" · ")}`,
    );
  }
  lines.push("", report.check11.statement);
  return lines.join("\n");
}
