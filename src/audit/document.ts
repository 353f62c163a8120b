/**
 * Audit one markdown file: its frontmatter block, the six structural fields
 * against the contract enumerations, and its kind (path-derived and
 * declared). Cross-document checks (duplicate URIs, superseded_by targets)
 * live in audit.ts, which sees every document.
 */
import {
  AUDIENCES,
  DEFAULT_KIND_MAP,
  defaultUriForPath,
  EXPOSURES,
  KINDS,
  type KindMap,
  NOINDEX_EXPOSURE,
  normalizePath,
  resolveKind,
  TIERS,
} from "../contract/index.js";
import { parseFrontmatter, splitFrontmatter } from "../corpus/frontmatter.js";
import {
  AUDITED_FIELDS,
  type AuditedField,
  type DocumentAudit,
  FINDING_SEVERITY,
  type Finding,
  type FindingType,
  REQUIRED_FIELDS,
} from "./types.js";

/** One document before the cross-document checks, with what those checks need. */
export interface DocumentDraft {
  readonly audit: DocumentAudit;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly findings: Finding[];
}

export function finding(type: FindingType, message: string, extra: Partial<Finding> = {}): Finding {
  return { type, severity: FINDING_SEVERITY[type], ...extra, message };
}

/** Allowed values per enumerated field; booleans for the two flags. */
const ENUMERATIONS: Record<Exclude<AuditedField, "kind">, readonly unknown[]> = {
  audience: AUDIENCES,
  exposure: EXPOSURES,
  tier: TIERS,
  public: [true, false],
  start_here: [true, false],
};

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

export function auditDocument(
  path: string,
  text: string,
  kindMap: KindMap = DEFAULT_KIND_MAP,
): DocumentDraft {
  const docPath = normalizePath(path);
  const findings: Finding[] = [];
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const split = splitFrontmatter(normalized);
  let frontmatter: Record<string, unknown> = {};
  let hasFrontmatter = split.yaml !== null;

  if (split.unclosed) {
    hasFrontmatter = false;
    findings.push(
      finding(
        "frontmatter_unclosed",
        "the '---' on line 1 opens frontmatter that is never closed; add a closing '---' line after the last key.",
        { line: 1 },
      ),
    );
  } else if (split.yaml !== null) {
    const parsed = parseFrontmatter(split.yaml, split.firstYamlLine);
    frontmatter = parsed.data;
    for (const problem of parsed.problems) {
      const type: FindingType =
        problem.type === "unparseable" ? "yaml_unparseable" : "frontmatter_not_mapping";
      findings.push(finding(type, problem.message, problem.line === undefined ? {} : { line: problem.line }));
    }
  } else {
    findings.push(
      finding(
        "no_frontmatter",
        "no frontmatter: add a '---' block declaring at least audience, exposure and tier.",
      ),
    );
  }

  const fields: Partial<Record<AuditedField, unknown>> = {};
  for (const field of AUDITED_FIELDS) if (field in frontmatter) fields[field] = frontmatter[field];

  // Missing required fields (only when there is a frontmatter block: no_frontmatter already says it).
  if (hasFrontmatter) {
    for (const field of REQUIRED_FIELDS) {
      if (isAbsent(frontmatter[field])) {
        findings.push(
          finding(
            "missing_field",
            `'${field}' is missing; declare one of ${describe(ENUMERATIONS[field])}.`,
            {
              field,
            },
          ),
        );
      }
    }
  }
  // Values outside the enumerations (any field present with a non-empty value).
  for (const field of ["audience", "exposure", "tier", "public", "start_here"] as const) {
    const value = frontmatter[field];
    if (isAbsent(value)) continue;
    if (field === "exposure" && value === NOINDEX_EXPOSURE) {
      findings.push(
        finding("noindex", "exposure: noindex — the server skips this document entirely.", { field, value }),
      );
      continue;
    }
    const allowed = ENUMERATIONS[field];
    const values = Array.isArray(value) && field !== "public" && field !== "start_here" ? value : [value];
    if (values.length === 0 || values.some((v) => !allowed.includes(v))) {
      findings.push(
        finding(
          "invalid_value",
          `${field}: ${JSON.stringify(value)} is not in the contract enumeration (${describe(allowed)}); no structural filter can select it.`,
          { field, value },
        ),
      );
    }
  }

  const resolution = resolveKind(docPath, frontmatter.kind, kindMap);
  const declared = isAbsent(frontmatter.kind) ? null : frontmatter.kind;
  if (declared !== null && resolution.source !== "frontmatter") {
    findings.push(
      finding(
        "invalid_kind",
        `kind: ${JSON.stringify(declared)} is not one of ${KINDS.join(", ")}; it is ignored and the path decides (${resolution.pathKind ?? "no kind"}).`,
        { field: "kind", value: declared },
      ),
    );
  }
  if (resolution.overridesPath) {
    findings.push(
      finding(
        "kind_override",
        `kind: ${String(resolution.kind)} overrides the path-derived kind (${resolution.pathKind ?? "none"}); make sure it is deliberate.`,
        { field: "kind", value: declared },
      ),
    );
  }
  if (resolution.kind === null) {
    findings.push(
      finding(
        "no_kind",
        "no kind: the path matches no prefix of the kind map and frontmatter declares none; search, catalog and preflight never list it.",
      ),
    );
  }

  return {
    frontmatter,
    findings,
    audit: {
      path: docPath,
      uri: uriOf(docPath, frontmatter),
      kind: {
        resolved: resolution.kind,
        source: resolution.source,
        pathKind: resolution.pathKind,
        declared,
        overridesPath: resolution.overridesPath,
      },
      fields,
      findings,
    },
  };
}

/**
 * The URI the server serves the document under (the loader's rule: a non-empty
 * string `uri`, else the path's default), also for noindex files it skips.
 * Read from the frontmatter parsed above, not by parsing the file a second time.
 */
function uriOf(path: string, frontmatter: Record<string, unknown>): string {
  const declared = frontmatter.uri;
  return typeof declared === "string" && declared.trim() !== "" ? declared.trim() : defaultUriForPath(path);
}

function describe(values: readonly unknown[]): string {
  return values.map((v) => String(v)).join(", ");
}
