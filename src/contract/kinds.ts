/**
 * Kind resolution, two-tier: a frontmatter `kind:` from the enumeration wins;
 * otherwise the longest matching path prefix of the knowledge base's map
 * decides. A frontmatter `kind:` outside the enumeration is reported, never
 * accepted (the path decides instead).
 */
import type { Kind } from "./enums.js";
import { KINDS } from "./names.js";

/** Path prefix → kind. Configurable per knowledge base; the kinds are not. */
export type KindMap = Readonly<Record<string, Kind>>;

export const DEFAULT_KIND_MAP: KindMap = {
  "canon/": "canon",
  "docs/": "docs",
  "odd/": "journals",
  "writings/": "essays",
  "apocrypha/": "apocrypha",
};

/** Default `include` when neither include nor exclude is passed. */
export const DEFAULT_INCLUDE = ["canon", "docs", "essays"] as const satisfies readonly Kind[];

export function isKind(value: unknown): value is Kind {
  return typeof value === "string" && (KINDS as readonly string[]).includes(value);
}

export interface KindResolution {
  /** The resolved kind, or null when neither frontmatter nor any prefix decides. */
  readonly kind: Kind | null;
  readonly source: "frontmatter" | "path" | "none";
  /** Kind derived from the path alone (for audits: shows deliberate overrides). */
  readonly pathKind: Kind | null;
  /** The frontmatter declared a valid kind that differs from the path kind. */
  readonly overridesPath: boolean;
  /** A frontmatter `kind:` that is not one of the five, reported rather than accepted. */
  readonly invalidDeclaredKind: unknown;
}

/** Normalise a repository path: forward slashes, no leading `./` or `/`. */
export function normalizePath(path: string): string {
  return path
    .replace(/\\/g, "/")
    .replace(/^(\.\/)+/, "")
    .replace(/^\/+/, "");
}

/**
 * A map's prefixes, normalised once per map object (kind maps are read-only):
 * kindFromPath runs once per entry when responses are checked, and
 * re-normalising every prefix on each call dominated that check.
 */
const normalizedPrefixes = new WeakMap<KindMap, readonly (readonly [string, Kind])[]>();

function prefixesOf(map: KindMap): readonly (readonly [string, Kind])[] {
  let prefixes = normalizedPrefixes.get(map);
  if (!prefixes) {
    prefixes = Object.entries(map).map(([prefix, kind]) => [normalizePath(prefix), kind] as const);
    normalizedPrefixes.set(map, prefixes);
  }
  return prefixes;
}

/** The kind a path alone implies under `map` (longest matching prefix wins). */
export function kindFromPath(path: string, map: KindMap = DEFAULT_KIND_MAP): Kind | null {
  const p = normalizePath(path);
  let best: { prefix: string; kind: Kind } | null = null;
  for (const [pre, kind] of prefixesOf(map)) {
    if (p.startsWith(pre) && (best === null || pre.length > best.prefix.length)) {
      best = { prefix: pre, kind };
    }
  }
  return best?.kind ?? null;
}

export function resolveKind(
  path: string,
  declaredKind: unknown,
  map: KindMap = DEFAULT_KIND_MAP,
): KindResolution {
  const pathKind = kindFromPath(path, map);
  const declared = declaredKind === undefined || declaredKind === null ? undefined : declaredKind;
  if (isKind(declared)) {
    return {
      kind: declared,
      source: "frontmatter",
      pathKind,
      overridesPath: declared !== pathKind,
      invalidDeclaredKind: undefined,
    };
  }
  return {
    kind: pathKind,
    source: pathKind ? "path" : "none",
    pathKind,
    overridesPath: false,
    invalidDeclaredKind: declared,
  };
}

/** Validate a user-supplied kind map (e.g. from `--kind-map FILE`); throws a descriptive Error. */
export function parseKindMap(value: unknown): KindMap {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(
      'kind map must be a JSON object of path prefix → kind, e.g. {"canon/apocrypha/": "apocrypha"}',
    );
  }
  const out: Record<string, Kind> = {};
  for (const [prefix, kind] of Object.entries(value)) {
    if (!isKind(kind)) {
      throw new Error(
        `kind map entry '${prefix}' → '${String(kind)}' is not a kind. Kinds are: ${KINDS.join(", ")}.`,
      );
    }
    out[prefix] = kind;
  }
  return out;
}
