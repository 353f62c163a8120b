/**
 * Scopes: the caller's authorised view of the knowledge base, written as a
 * contract filter set (kinds, audience, exposure, tier, path prefixes, …).
 *
 * `scopeWidenings(inner, outer)` says where `inner` reaches past `outer`, one
 * line per widened filter; none means `inner` lies within `outer`. A filter
 * `outer` leaves open constrains nothing; a filter `outer` sets must be set
 * by `inner` at least as narrowly (any-of values a subset, booleans equal,
 * path prefixes under one of `outer`'s, kinds a subset of `outer`'s kind set).
 */
import { type Filters, FiltersSchema, normalizePath, resolveKindSet, toArray } from "../../contract/index.js";

const ANY_OF = ["audience", "exposure", "tier", "tags"] as const;
const EXACT = ["public", "start_here"] as const;

export function scopeWidenings(inner: Filters, outer: Filters): string[] {
  const out: string[] = [];
  const innerKinds = resolveKindSet(inner);
  const outerKinds = resolveKindSet(outer);
  const extraKinds = innerKinds.filter((k) => !outerKinds.includes(k));
  if (extraKinds.length > 0) {
    out.push(
      `kinds ${extraKinds.join(", ")} are outside the allowed kinds ${outerKinds.join(", ") || "(none)"}`,
    );
  }
  for (const name of ANY_OF) {
    if (outer[name] === undefined) continue;
    const allowed = toArray(outer[name] as unknown) as unknown[];
    if (inner[name] === undefined) {
      out.push(`${name} is unrestricted; the allowed scope limits it to ${allowed.join(", ")}`);
      continue;
    }
    const extra = (toArray(inner[name] as unknown) as unknown[]).filter((v) => !allowed.includes(v));
    if (extra.length > 0)
      out.push(`${name} ${extra.join(", ")} is outside the allowed ${allowed.join(", ")}`);
  }
  for (const name of EXACT) {
    if (outer[name] === undefined) continue;
    if (inner[name] !== outer[name]) {
      out.push(
        `${name} is ${inner[name] === undefined ? "unrestricted" : String(inner[name])}; the allowed scope requires ${String(outer[name])}`,
      );
    }
  }
  if (outer.path_prefix !== undefined) {
    const allowed = toArray(outer.path_prefix).map(normalizePath);
    if (inner.path_prefix === undefined) {
      out.push(`path_prefix is unrestricted; the allowed scope limits it to ${allowed.join(", ")}`);
    } else {
      const extra = toArray(inner.path_prefix).filter(
        (p) => !allowed.some((a) => normalizePath(p).startsWith(a)),
      );
      if (extra.length > 0)
        out.push(`path_prefix ${extra.join(", ")} is outside the allowed ${allowed.join(", ")}`);
    }
  }
  return out;
}

/** Parse a scope; the contract's filter schema names what is wrong. */
export function parseScope(value: unknown): { ok: true; scope: Filters } | { ok: false; issues: string[] } {
  const parsed = FiltersSchema.safeParse(value ?? {});
  if (parsed.success) return { ok: true, scope: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => `${i.path.join(".") || "(scope)"}: ${i.message}`),
  };
}
