import { resolveKindSet } from "../filters.js";
import { frontmatterDecided, outsideKindSet } from "./08-kind-membership.js";
import type { Check, ComplianceViolation } from "./check.js";

/** An entry whose frontmatter `kind:` puts it outside the kind set was let in by its path: frontmatter must win. */
export const kindTwoTier: Check<9> = {
  id: 9,
  title: "Kind follows the two-tier rule; frontmatter kind: wins over path",
  run(ctx) {
    if (ctx.stage !== "answer" || !ctx.spec.many) return [];
    const out: ComplianceViolation[] = [];
    const kindSet = resolveKindSet(ctx.filters);
    for (const i of ctx.knowableEntries()) {
      // Judged only on ground truth or disclosed metadata (outsideKindSet).
      const facts = ctx.entryFacts(i);
      if (outsideKindSet(ctx, facts, kindSet) && frontmatterDecided(facts)) {
        out.push({
          check: 9,
          reason: `entry ${i} (${facts.uri}) declares kind '${facts.declaredValid}' in frontmatter, outside ${JSON.stringify(resolveKindSet(ctx.filters))}; frontmatter kind must win over its path`,
          evidence: facts.uri,
        });
      }
    }
    return out;
  },
};
