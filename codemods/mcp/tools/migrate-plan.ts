/**
 * `migrate_plan`: what `migrate --plan` answers (the decisions the code needs,
 * each with its measured effect on the knowledge base), the legacy sites, and
 * what `--decide recommended` would do to each file (a dry run: nothing is
 * written). The knowledge base is the one the server was started with
 * (`--corpus`), else the bundled sample corpus, served in memory: no network.
 */
import { z } from "zod";
import { DECISION_NAMES, DECISIONS, parseDecide } from "../../migrate/decisions.js";
import { planMigration } from "../../migrate/plan.js";
import { remainingByNeed } from "../../migrate/report.js";
import { checkRun, dryRun } from "../engine-run.js";
import { choicesOf, decisionsInput } from "../inputs.js";
import { FILE_OUTCOMES, fileOutcome } from "../outcome.js";
import { isOpen, NEEDS, siteSchema } from "../sites.js";
import { withTarget } from "../target.js";
import { targetShape } from "./target-input.js";

/** Documents named per effect (the plan's text shows as many; `more` counts the rest). */
export const PLAN_DOCUMENTS_SHOWN = 20;

export const migratePlanInput = z.object({
  ...targetShape,
  decisions: decisionsInput
    .optional()
    .describe("decisions already taken, shown as chosen in the plan (as `--plan --decide`)"),
});

const at = z.object({ file: z.string(), line: z.number().int(), what: z.string() });

const documentSchema = z.object({
  uri: z.string(),
  title: z.string(),
  path: z.string().optional(),
  derivedPath: z.string().nullable().optional(),
});

export const migratePlanOutput = z.object({
  knowledgeBase: z.object({ source: z.string(), documents: z.number().int() }),
  sites: z
    .array(siteSchema)
    .describe("every oddkit site of the files (`--check`'s detection), with its status"),
  decisions: z
    .array(
      z.object({
        decision: z.enum(DECISION_NAMES),
        about: z.string(),
        values: z.array(z.object({ value: z.string(), effect: z.string() })),
        recommended: z.string(),
        chosen: z.string().nullable(),
        sites: z.array(at).describe("the open sites that wait on it"),
        effect: z.object({
          summary: z.string().describe("what the decision changes on the knowledge base, measured"),
          documents: z.array(documentSchema),
          moreDocuments: z.number().int().describe("documents affected beyond those listed"),
        }),
      }),
    )
    .describe("the decisions the code needs (`migrate --plan`), each with its measured effect"),
  mechanical: z.number().int().describe("open sites with an exact contract counterpart (no decision needed)"),
  review: z.array(at).describe("sites no decision lifts: a human reviews them"),
  recommended: z
    .object({
      decisions: z.record(z.string(), z.string()),
      files: z.array(
        z.object({
          file: z.string(),
          outcome: z.enum(FILE_OUTCOMES),
          changed: z.boolean(),
          openSites: z.number().int(),
        }),
      ),
      remainingByNeed: z.array(
        z.object({ need: z.enum(NEEDS), liftable: z.boolean(), sites: z.number().int() }),
      ),
    })
    .describe(
      "what `migrate --decide recommended` would do: per file, and the sites it leaves by what lifts them",
    ),
});
export type MigratePlanResult = z.infer<typeof migratePlanOutput>;

export interface PlanContext {
  readonly root: string | undefined;
  /** The knowledge base's folder (default: the bundled sample corpus). */
  readonly corpus: string | undefined;
}

export function migratePlan(
  input: z.infer<typeof migratePlanInput>,
  context: PlanContext,
): Promise<MigratePlanResult> {
  return withTarget(input, context.root, async (target) => {
    const decisions = choicesOf(input.decisions);
    const check = await checkRun(target);
    const plan = await planMigration({
      paths: target.paths,
      cwd: target.cwd,
      ...(decisions ? { decisions } : {}),
      ...(context.corpus ? { corpus: context.corpus } : {}),
    });
    const recommended = parseDecide("recommended");
    const decided = await dryRun(target, recommended);
    const { summary } = decided;
    const files = [...new Set(check.summary.legacySites.map((s) => s.file))];
    return {
      knowledgeBase: plan.knowledgeBase,
      sites: check.summary.legacySites,
      decisions: plan.decisions.map((d) => ({
        decision: d.decision,
        about: DECISIONS[d.decision].about,
        values: [...DECISIONS[d.decision].values],
        recommended: d.recommended,
        chosen: d.chosen,
        sites: [...d.sites],
        effect: {
          summary: d.effect.summary,
          documents: d.effect.documents.slice(0, PLAN_DOCUMENTS_SHOWN),
          moreDocuments: Math.max(0, d.effect.documents.length - PLAN_DOCUMENTS_SHOWN),
        },
      })),
      mechanical: plan.mechanical,
      review: [...plan.review],
      recommended: {
        decisions: { ...recommended } as Record<string, string>,
        files: files.map((file) => ({
          file,
          outcome: fileOutcome(summary, file),
          changed: summary.changedFiles.includes(file),
          openSites: summary.legacySites.filter((s) => s.file === file && isOpen(s)).length,
        })),
        remainingByNeed: remainingByNeed(summary),
      },
    };
  });
}
