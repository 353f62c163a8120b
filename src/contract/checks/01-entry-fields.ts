import { allowedEntryFields, nativeFields } from "../entries.js";
import { FLAGS } from "../enums.js";
import { resolveDisclosure } from "../rules.js";
import type { Check, ComplianceViolation } from "./check.js";
import { jsonText } from "./text.js";

/**
 * Entries carry exactly the floor (`uri`, `title`), the action-native fields
 * and the fields of the requested flags, with the contract's types; the
 * `disclosure_applied` echo is the resolved disclosure. An unreadable
 * response fails here too (there is no entry to judge).
 */
export const entryFields: Check<1> = {
  id: 1,
  title: "Entries carry only uri, title, action-native fields and the fields of the requested flags",
  run(ctx) {
    if (ctx.stage === "unreadable") return [{ check: 1, reason: ctx.reason, evidence: ctx.response }];
    if (ctx.stage !== "answer") return [];
    const { action, req, result, spec, entries } = ctx;
    const out: ComplianceViolation[] = [];
    // Conforming entries are all objects (entriesConform): no walk of the page.
    if (!ctx.entriesConform())
      ctx.rawEntries.forEach((entry, i) => {
        if (typeof entry !== "object" || entry === null || Array.isArray(entry))
          out.push({ check: 1, reason: `entry ${i} is not an object`, evidence: entry });
      });
    if (spec.many && !Array.isArray(result.data))
      out.push({ check: 1, reason: "result.data is not an array" });
    if (!spec.many && (typeof result.data !== "object" || result.data === null || Array.isArray(result.data)))
      out.push({ check: 1, reason: "result.data is not an entry object" });
    const allowed = new Set(allowedEntryFields(action, req.disclosure));
    const natives = nativeFields(action);
    const required = ["uri", "title", ...req.disclosure];
    // Conforming entries carry exactly the allowed fields, each present with its type: nothing to walk.
    if (!ctx.entriesConform())
      entries.forEach((entry, i) => {
        for (const key of Object.keys(entry)) {
          if (!allowed.has(key))
            out.push({
              check: 1,
              reason: `entry ${i} carries '${key}', which was not requested`,
              evidence: entry.uri,
            });
        }
        for (const key of required) {
          if (!(key in entry))
            out.push({ check: 1, reason: `entry ${i} lacks '${key}'`, evidence: entry.uri });
        }
        // Present fields must have the contract's types (native fields are check 10's).
        for (const { field, message } of ctx.entryIssues(i)) {
          if (!(field in entry) || !allowed.has(field) || natives.includes(field)) continue;
          out.push({ check: 1, reason: `entry ${i} field '${field}': ${message}`, evidence: entry.uri });
        }
      });
    const applied = result.disclosure_applied;
    if (
      !Array.isArray(applied) ||
      applied.some((f) => !(FLAGS as readonly unknown[]).includes(f)) ||
      JSON.stringify(resolveDisclosure(action, applied as string[])) !== JSON.stringify(req.disclosure)
    ) {
      out.push({
        check: 1,
        reason: `disclosure_applied ${jsonText(applied)} differs from the resolved disclosure ${JSON.stringify(req.disclosure)}`,
      });
    }
    return out;
  },
};
