/**
 * The cache key of a request: its action and wire parameters with every
 * default resolved (disclosure, limit, offset, the default include), filters
 * in canonical form (scalar ≡ one-element array, order-free) and keys sorted,
 * so that two requests the server must answer identically share one key.
 */
import { canonicalFilters, FILTER_NAMES, type ResolvedRequest } from "../../contract/index.js";

/** A copy with object keys sorted at every depth and undefined members dropped. */
function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeysDeep(v);
    }
    return out;
  }
  return value;
}

/**
 * JSON with object keys sorted at every depth: equal arguments give equal
 * text. The one canonical form of request arguments (the client cache key
 * and the shim proxy's cache key).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value)) ?? "null";
}

/**
 * Canonical wire parameters of a resolved request (what a compliant server's answer depends on).
 *
 * @example
 * ```ts
 * import { canonicalParams } from "oddkit-sdk";
 * import { validateRequest } from "oddkit-sdk/contract";
 *
 * const checked = validateRequest("catalog", { audience: "public", disclosure: ["blockquote"] });
 * if (checked.ok) console.log(canonicalParams(checked.request));
 * // { audience: ["public"], disclosure: ["blockquote"], include: ["canon", "docs", "essays"], limit: 25, offset: 0 }
 * ```
 */
export function canonicalParams(request: ResolvedRequest): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(request.params as Record<string, unknown>) };
  for (const name of FILTER_NAMES) delete params[name];
  params.disclosure = request.disclosure;
  if (request.filtersApplied) {
    // The echo, not the raw filters: `include` resolved (default, or every kind when only `exclude` is given).
    Object.assign(params, canonicalFilters(request.filtersApplied));
    params.limit = request.limit;
    params.offset = request.offset;
  }
  if (request.legacyEnvelope) params.include_legacy_envelope = true;
  else delete params.include_legacy_envelope;
  return sortKeysDeep(params) as Record<string, unknown>;
}

/**
 * The key the client caches a request's answer under; `namespace` separates
 * servers sharing one store (the endpoint URL by default). Requests a
 * compliant server must answer alike share a key.
 *
 * @example
 * ```ts
 * import { cacheKey } from "oddkit-sdk";
 * import { validateRequest } from "oddkit-sdk/contract";
 *
 * const a = validateRequest("catalog", { audience: "public", disclosure: ["blockquote"] });
 * const b = validateRequest("catalog", { disclosure: ["blockquote"], audience: ["public"], offset: 0 });
 * if (a.ok && b.ok) console.log(cacheKey("host", a.request) === cacheKey("host", b.request)); // true
 * ```
 */
export function cacheKey(namespace: string, request: ResolvedRequest): string {
  return `oddkit:${namespace}:${request.action}:${JSON.stringify(canonicalParams(request))}`;
}
