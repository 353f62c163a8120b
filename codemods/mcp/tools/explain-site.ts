/**
 * `explain_site`: one legacy site (named by its line or by its marker's
 * text), the contract rule that made it legacy, and the code it becomes
 * under no decision and under each value of the decision it waits on: each a
 * dry run of `migrate` over the file (and its neighbours) in a scratch
 * folder, shown as the diff hunk around the site.
 */

import { posix } from "node:path";
import { structuredPatch } from "diff";
import { z } from "zod";
import { DECISION_NAMES, type DecisionChoices, parseDecide } from "../../migrate/decisions.js";
import type { SiteRecord } from "../../migrate/engine.js";
import { displayPath } from "../../migrate/files.js";
import type { MigrationSummary } from "../../migrate/run.js";
import { type SiteNeed, siteNeed } from "../../migrate/site-need.js";
import { checkRun, dryRun } from "../engine-run.js";
import { checkRelativePath, fileInput, notRead } from "../inputs.js";
import { McpInputError } from "../limits.js";
import { FILE_OUTCOMES, fileOutcome } from "../outcome.js";
import { isOpen, NEEDS, openSite, ruleFor, SITE_STATUSES, siteSchema } from "../sites.js";
import { withScratchFiles } from "../target.js";

export const explainSiteInput = z.object({
  path: fileInput.shape.path,
  text: fileInput.shape.text.describe("the file's text as it is before migration (the legacy code)"),
  neighbours: z.array(fileInput).optional().describe("other files of the app, as for migrate_file"),
  line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("the site's line in `text`, as migrate_plan, migrate_check and migrate_file's `sites` give it"),
  marker: z
    .string()
    .min(1)
    .optional()
    .describe(
      "instead of line: a marker's text (a TODO(oddkit-migrate) line, a read listed under one, or what it names, e.g. 'result.content')",
    ),
});

export const explainSiteOutput = z.object({
  site: siteSchema.describe("the site, as `migrate --check` detects it in the given text"),
  need: z.enum(NEEDS),
  rule: z.string().describe("the contract rule that makes the site legacy"),
  decision: z
    .object({
      name: z.enum(DECISION_NAMES),
      about: z.string(),
      recommended: z.string(),
      values: z.array(z.object({ value: z.string(), effect: z.string() })),
    })
    .nullable()
    .describe("the decision the site waits on, with its values and their effects (null: none lifts it)"),
  liftedBy: z
    .record(z.string(), z.string())
    .nullable()
    .describe("the `decisions` input that lifts it in this version's rewrite"),
  outcomes: z
    .array(
      z.object({
        decisions: z
          .record(z.string(), z.string())
          .describe(
            "the decisions of this run: {} (none taken), then each value of the site's decision with every other decision at its recommended value",
          ),
        status: z.enum([...SITE_STATUSES, "absent"]).describe("the site's status in this run"),
        file: z.enum(FILE_OUTCOMES),
        diff: z
          .string()
          .nullable()
          .describe(
            "the unified diff hunk around the site: the code it becomes (null: its lines stay as they are)",
          ),
      }),
    )
    .describe("the code the site becomes with no decision, then under each value of its decision"),
});
export type ExplainSiteResult = z.infer<typeof explainSiteOutput>;

/** The site `line` or `marker` names among the file's sites (an open one first). */
function pickSite(sites: readonly SiteRecord[], line?: number, marker?: string): SiteRecord {
  if ((line === undefined) === (marker === undefined))
    throw new McpInputError(
      "give either `line` (the site's line in text) or `marker` (a marker's text), not both",
    );
  // A marker names its site's field first ("result.content_hash: …" also holds "result.content"): the longest match wins.
  const matches =
    line !== undefined
      ? sites.filter((s) => s.line === line)
      : sites
          .filter((s) => marker!.includes(s.what) || s.reason.includes(marker!))
          .sort((a, b) => b.what.length - a.what.length);
  const site = matches.find(isOpen) ?? matches[0];
  if (!site) {
    const where = line !== undefined ? `at line ${line}` : `matching '${marker}'`;
    const known = sites.map((s) => `${s.line} ${s.what}`).join("; ");
    throw new McpInputError(
      `no legacy site ${where} in this file${known ? `; its sites are (line what): ${known}` : ": the file holds no oddkit site"}`,
    );
  }
  return site;
}

/** The diff hunks of `before` → `after` whose original lines cover `line`. */
function hunkAround(before: string, after: string, line: number): string | null {
  if (before === after) return null;
  const patch = structuredPatch("a", "b", before, after, "", "", { context: 2 });
  const hunks = patch.hunks.filter((h) => line >= h.oldStart && line < h.oldStart + Math.max(h.oldLines, 1));
  if (hunks.length === 0) return null;
  return hunks
    .map((h) => [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines].join("\n"))
    .join("\n");
}

/**
 * The site's status in a run: the run's record of the same kind and field at the same rank among
 * those (a run reports lines of its rewritten text, so lines do not match across runs).
 */
function statusIn(
  summary: MigrationSummary,
  detected: readonly SiteRecord[],
  site: SiteRecord,
): SiteRecord["status"] | "absent" {
  const same = (s: SiteRecord) => s.file === site.file && s.kind === site.kind && s.what === site.what;
  const rank = detected.filter(same).indexOf(site);
  return summary.legacySites.filter(same)[rank]?.status ?? "absent";
}

export async function explainSite(given: z.infer<typeof explainSiteInput>): Promise<ExplainSiteResult> {
  const input = { ...given, path: checkRelativePath(given.path, "path") };
  const neighbours = input.neighbours ?? [];
  if (neighbours.some((n) => posix.normalize(n.path) === input.path))
    throw new McpInputError(`neighbours: '${input.path}' is the file explained: leave it out of neighbours`);
  return withScratchFiles([{ path: input.path, text: input.text }, ...neighbours], async (target) => {
    const outcomeOf = async (decisions: DecisionChoices) => {
      const run = await dryRun(target, decisions);
      const changed = run.outcomes.find(
        (o) =>
          o.status === "changed" && o.after !== undefined && displayPath(o.file, target.cwd) === input.path,
      );
      return { run, after: changed?.after ?? input.text };
    };
    // Detection over the given text: its lines are the text's own.
    const checked = await checkRun(target);
    if (!checked.outcomes.some((o) => displayPath(o.file, target.cwd) === input.path))
      throw notRead(input.path);
    const detected = checked.summary.legacySites.filter((s) => s.file === input.path);
    const site = pickSite(detected, input.line, input.marker);
    const need: SiteNeed = siteNeed(site);
    const { rule, decision } = ruleFor(need);
    // A call migrates once each of its reads is lifted: each value is shown with the other decisions
    // at their recommended values, so what changes between the runs is this decision alone.
    const recommended = parseDecide("recommended");
    const runs: { decisions: DecisionChoices; run: Awaited<ReturnType<typeof outcomeOf>> }[] = [
      { decisions: {}, run: await outcomeOf({}) },
    ];
    for (const value of decision?.values ?? []) {
      const decisions = { ...recommended, [decision!.name]: value.value };
      runs.push({ decisions, run: await outcomeOf(decisions) });
    }
    return {
      site,
      need,
      rule,
      decision: decision ? { ...decision, values: [...decision.values] } : null,
      liftedBy: isOpen(site) ? openSite(site).liftedBy : null,
      outcomes: runs.map(({ decisions, run }) => ({
        decisions: { ...decisions } as Record<string, string>,
        status: statusIn(run.run.summary, detected, site),
        file: fileOutcome(run.run.summary, input.path),
        diff: hunkAround(input.text, run.after, site.line),
      })),
    };
  });
}
