import { ACTION_SPECS } from "../actions.js";
import { allowedEntryFields } from "../entries.js";
import type { Action } from "../enums.js";
import { legacyResultFields } from "../responses.js";
import type { Check, ComplianceViolation } from "./check.js";
import { isObj } from "./context.js";

/** Field names that carry a full body: the contract's `body`, the legacy `content`. */
export const BODY_FIELDS = ["body", "content"] as const;

/**
 * Actions that never carry a body, whatever flags were passed (those that do not permit `body`).
 *
 * @example
 * ```ts
 * forbidsBody("catalog"); // true: listings never carry bodies
 * forbidsBody("get"); // false
 * ```
 */
export function forbidsBody(action: Action): boolean {
  return !(ACTION_SPECS[action].permittedFlags as readonly string[]).includes("body");
}

function bodyKeysOf(item: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const key of BODY_FIELDS) if (key in item) keys.push(key);
  return keys;
}

/** No body on query-shaped actions: not in the entries, nor in the legacy lists the window opt-in adds. */
export const noBodyOnListings: Check<5> = {
  id: 5,
  title: "No body on search, catalog or preflight, whatever flags were passed",
  run(ctx) {
    if (ctx.stage !== "answer" || !forbidsBody(ctx.action)) return [];
    const { action, entries, req, result } = ctx;
    const out: ComplianceViolation[] = [];
    // Conforming entries carry only the disclosure's fields, and a body field is never one of them here.
    const bodyAllowed = BODY_FIELDS.some((f) => allowedEntryFields(action, req.disclosure).includes(f));
    if (bodyAllowed || !ctx.entriesConform())
      entries.forEach((entry, i) => {
        for (const key of bodyKeysOf(entry))
          out.push({ check: 5, reason: `entry ${i} of ${action} carries '${key}'`, evidence: entry.uri });
      });
    // The legacy opt-in never permits body either: look inside the legacy lists riding beside `data`.
    if (req.legacyEnvelope) {
      for (const field of legacyResultFields(action)) {
        const list = result[field];
        if (!Array.isArray(list)) continue;
        list.forEach((item, i) => {
          if (!isObj(item)) return;
          for (const key of bodyKeysOf(item))
            out.push({
              check: 5,
              reason: `legacy ${field}[${i}] of ${action} carries '${key}'`,
              evidence: item.uri,
            });
        });
      }
    }
    return out;
  },
};
