import { nativeFields } from "../entries.js";
import { validTotal } from "./03-total-pre-pagination.js";
import type { Check, ComplianceViolation } from "./check.js";
import type { Json } from "./context.js";
import { printable } from "./text.js";

/**
 * What the contract keeps at `disclosure: []`: each action's native entry
 * fields (present, with their types), a listing's `total`, catalog positions
 * (`offset + i + 1`) and path order (checkable against ground truth only),
 * search's descending scores.
 */
export const nativeFieldsPresent: Check<10> = {
  id: 10,
  title: "score and snippet on search, total and ordering on listings, are present at disclosure: []",
  run(ctx) {
    if (ctx.stage !== "answer") return [];
    const { action, entries, req, result, context } = ctx;
    const natives = nativeFields(action);
    const out: ComplianceViolation[] = [];
    // Conforming entries have every native field, present with its type.
    const conform = ctx.entriesConform();
    if (!conform)
      entries.forEach((entry, i) => {
        for (const { field, message } of ctx.entryIssues(i)) {
          if (natives.includes(field) && field in entry)
            out.push({ check: 10, reason: `entry ${i} field '${field}': ${message}`, evidence: entry.uri });
        }
      });
    if (ctx.spec.many && !validTotal(result.total)) {
      out.push({ check: 10, reason: "total is missing or not a non-negative integer" });
    }
    if (!conform)
      entries.forEach((entry, i) => {
        for (const key of natives) {
          if (!(key in entry))
            out.push({
              check: 10,
              reason: `entry ${i} lacks the action-native field '${key}'`,
              evidence: entry.uri,
            });
        }
      });
    if (action === "catalog") {
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i] as Json;
        if ("position" in entry && entry.position !== req.offset + i + 1) {
          out.push({
            check: 10,
            reason: `entry ${i} has position ${printable(entry.position)}, expected ${req.offset + i + 1}`,
          });
        }
      }
      if (context.documents && (req.params as Record<string, unknown>).sort_by !== "date") {
        // Path order (the default sort) is checkable only against the ground-truth paths.
        const paths = entries.map((e) => context.documents?.get(printable(e.uri))?.path);
        for (let i = 1; i < paths.length; i++) {
          const prev = paths[i - 1];
          const cur = paths[i];
          // Out of order under both code-unit and locale comparison: servers may use either for "alphabetical".
          if (prev !== undefined && cur !== undefined && cur < prev && cur.localeCompare(prev) < 0) {
            out.push({
              check: 10,
              reason: `catalog entries are not in path order at entry ${i} (${prev} before ${cur})`,
            });
            break;
          }
        }
      }
    }
    if (action === "search") {
      for (let i = 1; i < entries.length; i++) {
        const prev = entries[i - 1]?.score;
        const cur = entries[i]?.score;
        if (typeof prev === "number" && typeof cur === "number" && cur > prev) {
          out.push({ check: 10, reason: `search entries are not in descending score order at entry ${i}` });
          break;
        }
      }
    }
    return out;
  },
};
