/**
 * The audit report: a stable, versioned JSON shape (documented in
 * docs/tools.md). Bump AUDIT_SCHEMA_VERSION on any breaking change to it.
 */
import type { Kind, KindMap } from "../contract/index.js";
import type { KindMapSource } from "../corpus/kind-map-file.js";

export const AUDIT_SCHEMA_VERSION = 1;

export type Severity = "error" | "warning" | "info";

/**
 * Every finding type and its fixed severity. Errors fail `--strict`;
 * warnings and infos never do.
 */
export const FINDING_SEVERITY = {
  /** The frontmatter block is not valid YAML (the loader serves what a line reader recovers). */
  yaml_unparseable: "error",
  /** The frontmatter parses but is not a `key: value` mapping (a list or a scalar). */
  frontmatter_not_mapping: "error",
  /** An opening `---` is never closed: the whole file is read as body. */
  frontmatter_unclosed: "error",
  /** No frontmatter at all: audience, exposure and tier are all absent (reported once, not as three missing_field). */
  no_frontmatter: "error",
  /** A universal structural field (audience, exposure, tier) is absent or empty. */
  missing_field: "error",
  /** A structural field holds a value outside the contract enumeration (audience, exposure, tier, public, start_here): no filter can ever select it. */
  invalid_value: "error",
  /** Frontmatter `kind:` is not one of the five kinds; it is ignored and the path decides. */
  invalid_kind: "warning",
  /** Two or more documents resolve to the same URI: get/resolve can serve only one of them. */
  duplicate_uri: "error",
  /** A `superseded_by` target names no document (klappy:// URI, other URI, or path with or without .md). */
  unresolved_superseded_by: "error",
  /** Neither frontmatter nor the path prefix map gives a kind: no query-shaped action will ever list it. */
  no_kind: "warning",
  /** A valid frontmatter `kind:` differs from the path-derived kind (listed so that overrides are deliberate). */
  kind_override: "info",
  /** `exposure: noindex`: the server skips this document entirely (legacy behaviour kept). */
  noindex: "info",
} as const satisfies Record<string, Severity>;

export type FindingType = keyof typeof FINDING_SEVERITY;
export const FINDING_TYPES = Object.keys(FINDING_SEVERITY) as FindingType[];

/** The frontmatter fields the audit checks against the contract enumerations. */
export const AUDITED_FIELDS = ["audience", "exposure", "tier", "public", "start_here", "kind"] as const;
export type AuditedField = (typeof AUDITED_FIELDS)[number];
/** Fields every document must carry (the corpus schema's universal fields). */
export const REQUIRED_FIELDS = ["audience", "exposure", "tier"] as const satisfies readonly AuditedField[];

export interface Finding {
  readonly type: FindingType;
  readonly severity: Severity;
  /** The frontmatter field concerned, when there is one. */
  readonly field?: AuditedField | "superseded_by" | "uri";
  /** The offending value as found (JSON value), when there is one. */
  readonly value?: unknown;
  /** 1-based line in the file, when known (YAML errors). */
  readonly line?: number;
  /** One sentence: what is wrong and how to fix it. */
  readonly message: string;
}

export interface DocumentKindReport {
  /** The resolved kind under the two-tier rule, or null. */
  readonly resolved: Kind | null;
  readonly source: "frontmatter" | "path" | "none";
  /** The kind the path alone implies under the kind map. */
  readonly pathKind: Kind | null;
  /** The frontmatter `kind:` as written (any value), or null when absent. */
  readonly declared: unknown;
  readonly overridesPath: boolean;
}

export interface DocumentAudit {
  readonly path: string;
  readonly uri: string;
  readonly kind: DocumentKindReport;
  /** The audited frontmatter fields as found (absent fields omitted). */
  readonly fields: Partial<Record<AuditedField, unknown>>;
  readonly findings: readonly Finding[];
}

export interface AuditTotals {
  readonly documents: number;
  readonly documentsWithErrors: number;
  readonly documentsWithWarnings: number;
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  /** Finding count per type (every type listed, zero included). */
  readonly byType: Readonly<Record<FindingType, number>>;
  /** Finding count per `type:field` for field findings, e.g. `missing_field:tier`. */
  readonly byField: Readonly<Record<string, number>>;
  /** Documents per resolved kind (`none` for no kind). */
  readonly byKind: Readonly<Record<string, number>>;
}

export interface AuditReport {
  readonly schemaVersion: typeof AUDIT_SCHEMA_VERSION;
  /** The folder audited, or the corpus root. */
  readonly root: string;
  /** Which kind map resolved the kinds: the default, the corpus's own `oddkit.kinds.*`, a `--kind-map` file, or code. */
  readonly kindMapSource: KindMapSource;
  /** The path prefix → kind map itself. */
  readonly kindMap: KindMap;
  readonly strict: boolean;
  /** `false` only in strict mode with at least one error. */
  readonly pass: boolean;
  readonly totals: AuditTotals;
  /** URIs shared by several documents, with their paths. */
  readonly duplicateUris: readonly { readonly uri: string; readonly paths: readonly string[] }[];
  /** Every document, sorted by path. */
  readonly documents: readonly DocumentAudit[];
  /** Paths of the folder not audited, with why: symbolic links (never followed), unreadable files. */
  readonly notAudited: readonly { readonly path: string; readonly message: string }[];
}
