import { matchesFilters } from "../filters.js";
import type { Check, ComplianceViolation } from "./check.js";
import { printable } from "./text.js";

/** A usable `total` (check 10 reports one that is missing or malformed). */
export function validTotal(total: unknown): total is number {
  return typeof total === "number" && Number.isInteger(total) && total >= 0;
}

/**
 * `total` counts every entry that passes the filters before pagination: never
 * below what the page shows, an empty or short page is consistent with it,
 * and with the corpus known, a catalog total is exact. `limit`/`offset` echo
 * the request.
 */
export const totalPrePagination: Check<3> = {
  id: 3,
  title: "total is post-filter, pre-pagination",
  run(ctx) {
    if (ctx.stage !== "answer" || !ctx.spec.many) return [];
    const { result, req, entries, action, context } = ctx;
    const out: ComplianceViolation[] = [];
    const total = result.total;
    if (validTotal(total)) {
      const seen = req.offset + entries.length;
      // An empty page past the end (offset ≥ total) is a legal answer, not an undercount.
      if (entries.length > 0 && total < seen)
        out.push({ check: 3, reason: `total ${total} is below offset + entries returned (${seen})` });
      else if (entries.length === 0 && req.offset < total)
        out.push({ check: 3, reason: `an empty page at offset ${req.offset}, but total says ${total}` });
      else if (entries.length < req.limit && total > seen && entries.length > 0)
        out.push({
          check: 3,
          reason: `a short page (${entries.length} < limit ${req.limit}) ends at ${seen} but total says ${total}`,
        });
      if (context.documents && action === "catalog") {
        let expected = 0;
        for (const doc of context.documents.values()) if (matchesFilters(doc, ctx.filters)) expected++;
        if (expected !== total)
          out.push({ check: 3, reason: `total ${total}, but ${expected} documents match the filters` });
      }
    }
    if (result.limit !== req.limit || result.offset !== req.offset) {
      out.push({
        check: 3,
        reason: `limit/offset echoed as ${printable(result.limit)}/${printable(result.offset)}, requested ${req.limit}/${req.offset}`,
      });
    }
    return out;
  },
};
