/**
 * The cache key of a request: its action and wire parameters with every
 * default resolved (disclosure, limit, offset, the default include), filters
 * in canonical form (scalar ≡ one-element array, order-free) and keys sorted,
 * so that two requests the server must answer identically share one key.
 */
import { canonicalFilters, FILTER_NAMES, type ResolvedRequest } from "../../contract/index.js";

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = stable(v);
    }
    return out;
  }
  return value;
}

/** Canonical wire parameters of a resolved request (what a compliant server's answer depends on). */
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
  return stable(params) as Record<string, unknown>;
}

/** `namespace` separates servers sharing one store (the endpoint URL by default). */
export function cacheKey(namespace: string, request: ResolvedRequest): string {
  return `oddkit:${namespace}:${request.action}:${JSON.stringify(canonicalParams(request))}`;
}
