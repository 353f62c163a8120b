/**
 * Structural filters (query-shaped actions only): their schema, the
 * include/exclude kind resolution and matching one document against a filter
 * set. Each filter is one mechanical comparison against frontmatter; an array
 * value means any-of.
 */
import * as z from "zod";
import {
  AUDIENCES,
  AudienceSchema,
  EXPOSURES,
  ExposureSchema,
  KINDS,
  type Kind,
  KindSchema,
  TIERS,
  TierSchema,
} from "./enums.js";
import { DEFAULT_INCLUDE, normalizePath } from "./kinds.js";

/** A value or a non-empty list of values; a failure names what was expected (`what`). */
const oneOrMany = <T extends z.ZodType>(item: T, what: string) =>
  z.union(
    [
      item,
      z.array(item).min(1, { error: `an empty array filters nothing in or out; pass ${what}, or omit it` }),
    ],
    {
      error: (issue) => `expected ${what}, or a non-empty array of them; got ${JSON.stringify(issue.input)}`,
    },
  );
const oneOf = (values: readonly (string | number)[]) => `one of ${values.join(", ")}`;
const A_KIND = `a kind (${oneOf(KINDS)})`;

/** Filter parameters as a caller passes them. */
export const FilterShape = {
  audience: oneOrMany(AudienceSchema, oneOf(AUDIENCES)).optional().describe("Frontmatter audience, any-of"),
  exposure: oneOrMany(ExposureSchema, oneOf(EXPOSURES)).optional().describe("Frontmatter exposure, any-of"),
  tier: oneOrMany(TierSchema, oneOf(TIERS))
    .optional()
    .describe(`Frontmatter tier (${TIERS.join(", ")}), any-of`),
  public: z.boolean().optional().describe("Frontmatter public flag"),
  start_here: z.boolean().optional().describe("Frontmatter start_here flag"),
  path_prefix: oneOrMany(z.string().min(1), "a non-empty path prefix string")
    .optional()
    .describe("Repository path prefix, any-of, e.g. writings/"),
  include: oneOrMany(KindSchema, A_KIND)
    .optional()
    .describe(`Kinds to include (default ${DEFAULT_INCLUDE.join(", ")})`),
  exclude: oneOrMany(KindSchema, A_KIND).optional().describe("Kinds to exclude, applied after include"),
  tags: oneOrMany(z.string().min(1), "a non-empty tag string")
    .optional()
    .describe("Narrow within a structural slice by tag, any-of; never a substitute for structural filters"),
} as const;

export const FiltersSchema = z.strictObject(FilterShape);
/** The structural filters of a listing request (`audience`, `exposure`, `include`, `path_prefix`, `tags`, …), each one value or a list. */
export type Filters = z.infer<typeof FiltersSchema>;
export type FilterName = keyof typeof FilterShape;
export const FILTER_NAMES = Object.keys(FilterShape) as FilterName[];

/** `filters_applied`: the filters in force, with `include` always echoed (default included). */
export const FiltersAppliedSchema = z.strictObject({
  ...FilterShape,
  include: oneOrMany(KindSchema, A_KIND),
});
/** The `filters_applied` echo of a listing answer: the filters in force, `include` always present. */
export type FiltersApplied = z.infer<typeof FiltersAppliedSchema>;

export function toArray<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...value] : [value as T];
}

/** Pick the filter parameters out of a request's params. */
export function pickFilters(params: Record<string, unknown>): Filters {
  const out: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    if (params[name] !== undefined) out[name] = params[name];
  }
  return out as Filters;
}

/** Default include when neither include nor exclude is passed; include first, then exclude. */
export function resolveKindSet(filters: Pick<Filters, "include" | "exclude">): Kind[] {
  const hasInclude = filters.include !== undefined;
  const hasExclude = filters.exclude !== undefined;
  const allow: readonly Kind[] = hasInclude ? toArray(filters.include) : hasExclude ? KINDS : DEFAULT_INCLUDE;
  const deny = new Set(toArray(filters.exclude));
  return KINDS.filter((k) => allow.includes(k) && !deny.has(k));
}

/** The echo of the filters in force: the caller's filters plus the default include. */
export function filtersApplied(filters: Filters): FiltersApplied {
  const out: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    if (filters[name] !== undefined) out[name] = filters[name];
  }
  if (out.include === undefined) {
    out.include = filters.exclude === undefined ? [...DEFAULT_INCLUDE] : [...KINDS];
  }
  return out as FiltersApplied;
}

/** What matching needs to know about a document. */
export interface FilterableDocument {
  readonly path: string;
  readonly kind: Kind | null;
  readonly frontmatter: Readonly<Record<string, unknown>>;
}

function anyOf(actual: unknown, wanted: readonly unknown[]): boolean {
  if (!Array.isArray(actual)) return wanted.includes(actual);
  return actual.some((v) => wanted.includes(v));
}

/**
 * Does one document pass a filter set? Documents with no resolvable kind are
 * outside every kind set, so they never appear in filtered query results.
 */
export function matchesFilters(doc: FilterableDocument, filters: Filters): boolean {
  return compileFilters(filters)(doc);
}

/** Every filter except the kind set (include/exclude). */
export function matchesStructuralFilters(doc: FilterableDocument, filters: Filters): boolean {
  return compileStructuralFilters(filters)(doc);
}

/**
 * The filter set as one predicate, its kind set and value lists resolved
 * once: a listing or a search tests it on every candidate document, so
 * nothing is rebuilt per document.
 */
export function compileFilters(filters: Filters): (doc: FilterableDocument) => boolean {
  const kinds = new Set<Kind>(resolveKindSet(filters));
  const structural = compileStructuralFilters(filters);
  return (doc) => doc.kind !== null && kinds.has(doc.kind) && structural(doc);
}

/** Every filter except the kind set, as one predicate (see compileFilters). */
export function compileStructuralFilters(filters: Filters): (doc: FilterableDocument) => boolean {
  const audience = filters.audience === undefined ? null : toArray<unknown>(filters.audience);
  const exposure = filters.exposure === undefined ? null : toArray<unknown>(filters.exposure);
  const tier = filters.tier === undefined ? null : toArray<unknown>(filters.tier);
  const tags = filters.tags === undefined ? null : toArray<unknown>(filters.tags);
  const prefixes = filters.path_prefix === undefined ? null : toArray(filters.path_prefix).map(normalizePath);
  const { public: isPublic, start_here: startHere } = filters;
  return (doc) => {
    const fm = doc.frontmatter;
    if (audience !== null && !anyOf(fm.audience, audience)) return false;
    if (exposure !== null && !anyOf(fm.exposure, exposure)) return false;
    if (tier !== null && !anyOf(fm.tier, tier)) return false;
    if (isPublic !== undefined && fm.public !== isPublic) return false;
    if (startHere !== undefined && fm.start_here !== startHere) return false;
    if (prefixes !== null) {
      const path = normalizePath(doc.path);
      if (!prefixes.some((p) => path.startsWith(p))) return false;
    }
    if (tags !== null && !anyOf(fm.tags, tags)) return false;
    return true;
  };
}

/** The value's strings when it is a string or an array of strings only (no holes); else null. */
function stringsOf(v: unknown): readonly string[] | null {
  if (typeof v === "string") return [v];
  if (!Array.isArray(v)) return null;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== "string") return null;
  return v as string[];
}

/**
 * `sameFilters` for echoes whose values are all booleans, strings or arrays of strings (what a
 * filter echo is): the canonical forms are equal exactly when the same keys carry a defined value,
 * each boolean is equal, and each key's strings are the same set (the canonical form sorts and
 * dedupes them, and a scalar is a one-element list). undefined when a value has another shape.
 */
function samePlainFilters(a: Record<string, unknown>, b: Record<string, unknown>): boolean | undefined {
  let defined = 0;
  let same = true;
  for (const key of Object.keys(a)) {
    const x = a[key];
    if (x === undefined) continue;
    defined++;
    const y =
      Object.hasOwn(b, key) && Object.prototype.propertyIsEnumerable.call(b, key) ? b[key] : undefined;
    if (typeof x === "boolean" || typeof y === "boolean") {
      if (typeof y !== "boolean" && stringsOf(y) === null && y !== undefined) return undefined;
      if (typeof x !== "boolean" && stringsOf(x) === null) return undefined;
      if (x !== y) same = false;
      continue;
    }
    const xs = stringsOf(x);
    if (xs === null) return undefined;
    if (y === undefined) {
      same = false;
      continue;
    }
    const ys = stringsOf(y);
    if (ys === null) return undefined;
    if (!sameStringSet(xs, ys)) same = false;
  }
  for (const key of Object.keys(b)) {
    const y = b[key];
    if (y === undefined) continue;
    if (typeof y !== "boolean" && stringsOf(y) === null) return undefined;
    defined--;
  }
  return same && defined === 0;
}

function sameStringSet(xs: readonly string[], ys: readonly string[]): boolean {
  for (const x of xs) if (!ys.includes(x)) return false;
  for (const y of ys) if (!xs.includes(y)) return false;
  return true;
}

/** Canonical form for comparing two filter echoes (scalar ≡ one-element array, order-free). */
export function canonicalFilters(filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(filters).sort()) {
    const v = filters[key];
    if (v === undefined) continue;
    out[key] = Array.isArray(v) ? [...new Set(v)].sort() : typeof v === "boolean" ? v : [v];
  }
  return out;
}

export function sameFilters(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  // Every checked answer compares its echo: the common shape is judged without building (and
  // serialising) two canonical copies; anything else takes the canonical comparison below.
  const plain = samePlainFilters(a, b);
  if (plain !== undefined) return plain;
  try {
    return JSON.stringify(canonicalFilters(a)) === JSON.stringify(canonicalFilters(b));
  } catch {
    // Values that neither sort nor serialize (a Symbol, a BigInt, an object without toString)
    // never came from a filter set: different, not a crash (check 2 reports it).
    return false;
  }
}

/**
 * The public-renderer rule: a request that feeds a public page MUST pass
 * `exposure: public` or `audience: public`, so an unfiltered or widened
 * request cannot put nav-only or canon-internal documents on a public page.
 * A filter counts only when it names `public` alone (`["public", "nav"]`
 * would let nav documents through).
 */
export function isPublicRequest(filters: Pick<Filters, "audience" | "exposure">): boolean {
  const publicOnly = (value: unknown) => {
    const values = toArray(value as unknown);
    return values.length > 0 && values.every((v) => v === "public");
  };
  return publicOnly(filters.audience) || publicOnly(filters.exposure);
}

/** The reason given when a public request lacks the filter (helpers and the client's requirePublic guard). */
export const PUBLIC_FILTER_RULE =
  'public renderers must pass exposure: "public" or audience: "public" (contract: public pages list only documents written for and exposed to the public)';
