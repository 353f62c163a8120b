/**
 * Editing the arguments object of a retrieval call: the disclosure list and
 * the limit against the contract's caps (imported, never restated).
 */
import type { JSCodeshift } from "jscodeshift";
import { ACTION_SPECS, type Action, effectiveCap, FLAGS, type Flag } from "oddkit-sdk/contract";
import { getProperty, isNumericLiteral, isStringLiteral, makeProperty, type Node } from "./ast.js";

/**
 * The flags a call requests, when they are statically known: the literal
 * `disclosure` array, else the action's declared default. Null when
 * `disclosure` is not a literal array of strings.
 */
export function literalFlags(action: Action, args: Node): Flag[] | null {
  const prop = getProperty(args, "disclosure");
  if (!prop) return [...ACTION_SPECS[action].defaultDisclosure];
  const value = prop.value;
  if (value.type !== "ArrayExpression") return null;
  const flags: Flag[] = [];
  for (const element of value.elements) {
    if (!isStringLiteral(element) || !(FLAGS as readonly string[]).includes(element.value)) return null;
    flags.push(element.value as Flag);
  }
  return flags;
}

/** Flags in canonical order (the order the contract echoes in `disclosure_applied`). */
export function canonicalOrder(flags: readonly Flag[]): Flag[] {
  return FLAGS.filter((f) => flags.includes(f));
}

export type EnsureFlagOutcome = "present" | "added" | "unknown";

/**
 * Make sure the call requests `flag`. A missing `disclosure` starts from the
 * action's default (a get keeps its body). Returns "unknown" when the
 * disclosure is not a literal the codemod can edit.
 */
export function ensureFlag(
  j: JSCodeshift,
  action: Action,
  args: Node,
  flag: Flag,
  at?: Node,
): EnsureFlagOutcome {
  const flags = literalFlags(action, args);
  if (flags === null) return "unknown";
  if (flags.includes(flag)) return "present";
  const next = canonicalOrder([...flags, flag]);
  const value = j.arrayExpression(next.map((f) => j.stringLiteral(f)));
  const existing = getProperty(args, "disclosure");
  if (existing) {
    existing.value = value;
  } else {
    const prop = makeProperty(j, "disclosure", value, args.properties[0]);
    const index = at ? args.properties.indexOf(at) : -1;
    if (index >= 0) args.properties.splice(index, 0, prop);
    else args.properties.push(prop);
  }
  return "added";
}

export type LimitOutcome =
  | { kind: "fits" }
  | { kind: "lowered"; from: number; to: number }
  | { kind: "exceeds"; limit: number; max: number; flag: Flag };

/**
 * Check a literal `limit` against the cap of the call's flags. A caller that
 * pages itself (a non-literal `offset`) keeps working with smaller pages, so
 * its limit is lowered to the cap; any other over-cap limit is reported
 * (lowering it would silently return fewer entries).
 */
export function fitLimitToCap(j: JSCodeshift, action: Action, args: Node): LimitOutcome {
  const limitProp = getProperty(args, "limit");
  if (!limitProp || !isNumericLiteral(limitProp.value)) return { kind: "fits" };
  const flags = literalFlags(action, args);
  if (flags === null) return { kind: "fits" };
  const cap = effectiveCap(flags);
  const limit = limitProp.value.value;
  if (limit <= cap.max || cap.limitingFlag === null) return { kind: "fits" };
  const offset = getProperty(args, "offset");
  if (offset && !isNumericLiteral(offset.value)) {
    limitProp.value = j.numericLiteral(cap.max);
    return { kind: "lowered", from: limit, to: cap.max };
  }
  return { kind: "exceeds", limit, max: cap.max, flag: cap.limitingFlag };
}

export function limitTodo(action: Action, outcome: { limit: number; max: number; flag: Flag }): string {
  return `limit ${outcome.limit} exceeds the cap ${outcome.max} while '${outcome.flag}' is active (LIMIT_EXCEEDS_FLAG_CAP); page through with offset, or use client.paginate("${action}", …)`;
}
