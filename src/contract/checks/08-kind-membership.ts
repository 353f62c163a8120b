import { resolveKindSet } from "../filters.js";
import { DEFAULT_INCLUDE } from "../kinds.js";
import type { Check, ComplianceViolation } from "./check.js";
import type { AnswerStage, EntryFacts } from "./context.js";

/**
 * Is an entry's kind outside the kind set in force? Without ground truth or
 * disclosed metadata a frontmatter `kind:` may override the path unseen, so
 * membership is judged only when one of the two is there. Check 9 takes the
 * entries whose frontmatter kind decided; check 8 the rest.
 */
export function outsideKindSet(
  ctx: AnswerStage,
  facts: EntryFacts,
  kindSet: readonly string[] = resolveKindSet(ctx.filters),
): boolean {
  const kindKnowable = facts.known !== undefined || facts.metadata !== undefined;
  return facts.kind !== null && kindKnowable && !kindSet.includes(facts.kind);
}

/** The frontmatter kind decided this entry's kind, against its path (check 9's case). */
export function frontmatterDecided(facts: EntryFacts): boolean {
  return facts.declaredValid !== null && facts.declaredValid !== facts.pathKind;
}

export const kindMembership: Check<8> = {
  id: 8,
  title:
    "Unfiltered query-shaped responses hold no journals or apocrypha; journals only with an explicit include",
  run(ctx) {
    if (ctx.stage !== "answer" || !ctx.spec.many) return [];
    const explicitKinds = ctx.filters.include !== undefined || ctx.filters.exclude !== undefined;
    const out: ComplianceViolation[] = [];
    const kindSet = resolveKindSet(ctx.filters);
    for (const i of ctx.knowableEntries()) {
      // Both rules need ground truth or disclosed metadata for the entry: only those entries.
      const facts = ctx.entryFacts(i);
      const { uri, kind, known } = facts;
      if (kind === null && known) {
        out.push({
          check: 8,
          reason: `entry ${i} (${uri}) has no kind (no valid frontmatter kind, no matching path prefix), so it is outside every kind set`,
          evidence: uri,
        });
      }
      if (outsideKindSet(ctx, facts, kindSet) && !frontmatterDecided(facts)) {
        out.push({
          check: 8,
          reason: `entry ${i} (${uri}) is ${kind}, outside ${explicitKinds ? "the requested kinds" : `the default include (${DEFAULT_INCLUDE.join(", ")})`}`,
          evidence: uri,
        });
      }
    }
    return out;
  },
};
