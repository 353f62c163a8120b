/** Human-readable renderings of a migration summary: terminal text and Markdown for a pull-request comment. */

import { decisionFor } from "./decided-reads.js";
import { DECISIONS, type DecisionName } from "./decisions.js";
import type { SiteRecord } from "./engine.js";
import { INTERRUPTED } from "./interrupt.js";
import type { MigrationSummary } from "./run.js";
import { type SiteNeed, siteNeed } from "./site-need.js";

const OPEN = new Set(["flagged", "unmigrated"]);

/** A group of remaining sites: what they wait on, and whether this version's rewrite lifts them under it. */
export interface RemainingGroup {
  readonly need: SiteNeed;
  readonly liftable: boolean;
  readonly sites: number;
}

/** The remaining (flagged or unmigrated) sites, grouped by what would lift them, decisions first. */
export function remainingByNeed(summary: MigrationSummary): RemainingGroup[] {
  const groups = new Map<string, { need: SiteNeed; liftable: boolean; sites: number }>();
  for (const s of summary.legacySites) {
    // A call kept on the legacy envelope is lifted with its reads: they are counted, not it.
    if (!OPEN.has(s.status) || (s.kind === "call" && s.reason.startsWith("kept on the legacy envelope")))
      continue;
    const need = siteNeed(s);
    const liftable = decisionFor(s.action, s.what) !== null;
    const key = `${need}|${liftable}`;
    const g = groups.get(key) ?? { need, liftable, sites: 0 };
    g.sites++;
    groups.set(key, g);
  }
  const order = [...Object.keys(DECISIONS), "mechanical", "review"];
  return [...groups.values()].sort(
    (a, b) => order.indexOf(a.need) - order.indexOf(b.need) || Number(b.liftable) - Number(a.liftable),
  );
}

/** One line per group: how many sites, and what lifts them. */
function needLine({ need, liftable, sites }: RemainingGroup): string {
  if (need === "mechanical")
    return `${sites} site(s) have an exact contract counterpart this version does not rewrite in their shape: move them by hand`;
  if (need === "review")
    return `${sites} site(s) hand the reply to code the analysis cannot see: review them`;
  const d = DECISIONS[need as DecisionName];
  return liftable
    ? `${sites} site(s) need \`${need}\`: run with \`--decide ${need}=${d.recommended}\` (recommended) or see \`migrate --plan\``
    : `${sites} site(s) wait on \`${need}\` (recommended: ${d.recommended}), which this version does not apply to their shape: move them by hand (\`migrate --plan\` shows the effect)`;
}

/** Failures other than "not written because the run was interrupted" (those are counted, not listed). */
function realFailures(summary: MigrationSummary) {
  return summary.failures.filter((f) => f.transform !== INTERRUPTED);
}

function interruptedLine(summary: MigrationSummary): string | null {
  if (summary.interrupted === null) return null;
  const left = summary.failures.length - realFailures(summary).length;
  return `interrupted by ${summary.interrupted}: ${left} file(s) not written (unchanged on disk); run migrate again to finish`;
}

function siteLine(s: SiteRecord): string {
  return `  ${s.file}:${s.line} ${s.status} ${s.kind} ${s.what}${s.status === "rewritten" || s.status === "contract" ? "" : ` — ${s.reason}`}`;
}

function siteCounts(summary: MigrationSummary): string {
  const counts = new Map<string, number>();
  for (const s of summary.legacySites) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
}

export function summaryText(summary: MigrationSummary): string {
  const { files } = summary;
  if (summary.mode === "check") {
    const lines = [
      `check: ${files.withSites} of ${files.scanned} files hold oddkit sites; sites: ${siteCounts(summary)}`,
      ...summary.legacySites.map(siteLine),
    ];
    for (const failure of summary.failures)
      lines.push(`FAILED ${failure.file} (${failure.transform}): ${failure.message}`);
    for (const skip of summary.skipped) lines.push(`skipped ${skip.file}: ${skip.reason}`);
    return `${lines.join("\n")}\n`;
  }
  const lines = [
    `${summary.mode === "dry" ? "would modify" : "modified"} ${files.changed} of ${files.scanned} files (unchanged ${files.unchanged}, failed ${files.failed}; with oddkit sites ${files.withSites}: migrated ${files.migrated}, flagged ${files.flagged})`,
    `legacy sites: ${siteCounts(summary)}`,
    ...summary.legacySites.map(siteLine),
    ...summary.fallbacks.map((f) => `FLAG-ONLY ${f.file}: ${f.reason}`),
    `sites per transform: ${Object.entries(summary.sites)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ")}`,
  ];
  const interrupted = interruptedLine(summary);
  if (interrupted) lines.push(interrupted);
  for (const failure of realFailures(summary))
    lines.push(`FAILED ${failure.file} (${failure.transform}): ${failure.message}`);
  for (const skip of summary.skipped) lines.push(`skipped ${skip.file}: ${skip.reason}`);
  const remaining = remainingByNeed(summary);
  if (remaining.length > 0)
    lines.push("remaining sites by what lifts them:", ...remaining.map((r) => `  ${needLine(r)}`));
  if (summary.todos.length > 0) lines.push(`${summary.todos.length} TODO(s) left for a human:`);
  for (const todo of summary.todos) lines.push(`  ${todo.file}:${todo.line} ${todo.reason}`);
  return `${lines.join("\n")}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

export function summaryMarkdown(summary: MigrationSummary): string {
  const { files } = summary;
  const out = [
    "## oddkit-sdk migrate",
    "",
    `${summary.mode === "dry" ? "Would modify" : "Modified"} **${files.changed}** of ${files.scanned} files · unchanged ${files.unchanged} · failed **${files.failed}** · TODOs **${summary.todos.length}**`,
    "",
    `Oddkit sites: ${siteCounts(summary)} · files with sites ${files.withSites}: migrated ${files.migrated}, flagged ${files.flagged}`,
    "",
    "| transform | sites rewritten |",
    "| --- | ---: |",
    ...Object.entries(summary.sites).map(([t, n]) => `| \`${t}\` | ${n} |`),
    "",
  ];
  if (summary.changedFiles.length > 0) {
    out.push(
      "<details><summary>Changed files</summary>",
      "",
      ...summary.changedFiles.map((f) => `- \`${f}\``),
      "",
      "</details>",
      "",
    );
  }
  if (summary.legacySites.length > 0) {
    out.push(
      "<details><summary>Every site</summary>",
      "",
      "| where | status | site | why |",
      "| --- | --- | --- | --- |",
    );
    for (const s of summary.legacySites)
      out.push(
        `| \`${cell(s.file)}:${s.line}\` | ${s.status} | ${s.kind} ${cell(s.what)} | ${cell(s.reason)} |`,
      );
    out.push("", "</details>", "");
  }
  if (summary.fallbacks.length > 0) {
    out.push("### Flag-only (rewrite dropped)", "", "| file | why |", "| --- | --- |");
    for (const f of summary.fallbacks) out.push(`| \`${cell(f.file)}\` | ${cell(f.reason)} |`);
    out.push("");
  }
  const interrupted = interruptedLine(summary);
  if (interrupted) out.push(`**${interrupted}**`, "");
  if (realFailures(summary).length > 0) {
    out.push("### Failed (not written)", "", "| file | transform | error |", "| --- | --- | --- |");
    for (const f of realFailures(summary))
      out.push(`| \`${cell(f.file)}\` | ${f.transform} | ${cell(f.message)} |`);
    out.push("");
  }
  if (summary.skipped.length > 0) {
    out.push("### Skipped (not read)", "", "| path | reason |", "| --- | --- |");
    for (const f of summary.skipped) out.push(`| \`${cell(f.file)}\` | ${cell(f.reason)} |`);
    out.push("");
  }
  const remaining = remainingByNeed(summary);
  if (remaining.length > 0)
    out.push("### Remaining sites by what lifts them", "", ...remaining.map((r) => `- ${needLine(r)}`), "");
  if (summary.todos.length > 0) {
    out.push("### Needs a human", "", "| where | what |", "| --- | --- |");
    for (const t of summary.todos) out.push(`| \`${cell(t.file)}:${t.line}\` | ${cell(t.reason)} |`);
    out.push(
      "",
      "Mark a reviewed site with `// oddkit-migrate-reviewed` to stop the codemod from flagging it again.",
      "",
    );
  }
  return out.join("\n");
}
