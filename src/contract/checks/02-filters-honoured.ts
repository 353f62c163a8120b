import { matchesStructuralFilters, sameFilters } from "../filters.js";
import type { Check, ComplianceViolation } from "./check.js";
import { isObj, type Json } from "./context.js";
import { jsonText } from "./text.js";

/**
 * Listings echo the filters in force (`filters_applied`, default include
 * added) and every entry passes the structural filters, judged on ground
 * truth when the corpus is known, else on disclosed metadata.
 */
export const filtersHonoured: Check<2> = {
  id: 2,
  title: "Filters are honoured; the only embedded default is include = canon, docs, essays",
  run(ctx) {
    if (ctx.stage !== "answer" || !ctx.spec.many) return [];
    const { result, req, filters } = ctx;
    const out: ComplianceViolation[] = [];
    if (!isObj(result.filters_applied) || !sameFilters(result.filters_applied, req.filtersApplied as Json)) {
      out.push({
        check: 2,
        reason: `filters_applied ${jsonText(result.filters_applied)} differs from the filters in force ${JSON.stringify(req.filtersApplied)}`,
      });
    }
    for (const i of ctx.knowableEntries()) {
      // Only entries judged on ground truth or disclosed metadata (see below).
      const { uri, known, metadata, path, kind } = ctx.entryFacts(i);
      const fm = known?.frontmatter ?? metadata;
      if (fm && path !== null && !matchesStructuralFilters({ path, kind, frontmatter: fm }, filters)) {
        out.push({
          check: 2,
          reason: `entry ${i} (${uri}) does not match the filters ${JSON.stringify(filters)}`,
          evidence: uri,
        });
      }
    }
    return out;
  },
};
