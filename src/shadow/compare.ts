/**
 * The core of the shadow compare: one document, two verdicts (the server's
 * structural filter and the consumer's local predicate), and when they
 * differ, a reason that says which frontmatter fields drove the server's
 * answer. Pure functions, shared by the one-shot report and the edge wrapper.
 */
import {
  type Filters,
  FiltersSchema,
  type KindMap,
  matchesStructuralFilters,
  pathForKlappyUri,
  resolveKind,
  resolveKindSet,
  toArray,
} from "../contract/index.js";

/** What a local predicate sees of a document: what a metadata catalog entry carries. */
export interface ShadowDocument {
  readonly uri: string;
  readonly title: string;
  /** The whole frontmatter ({} when the document has none). */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Repository path, derived from a `klappy://` URI (null for other schemes). */
  readonly path: string | null;
}

/** The consumer's client-side predicate (e.g. `isPublicFacing`). */
export type LocalPredicate = (doc: ShadowDocument) => boolean;

export interface Disagreement {
  readonly uri: string;
  /** The server listed the document under the filter. */
  readonly server: boolean;
  /** The local predicate keeps it. */
  readonly local: boolean;
  /** Group key, e.g. `server excludes: audience=odd` or `local excludes: path odd/`. */
  readonly reason: string;
  /** The frontmatter fields the server filter compared (plus kind and path when it filtered on them). */
  readonly fields: Readonly<Record<string, unknown>>;
}

export function shadowDocument(entry: { uri: string; title: string; metadata?: unknown }): ShadowDocument {
  const metadata =
    typeof entry.metadata === "object" && entry.metadata !== null && !Array.isArray(entry.metadata)
      ? (entry.metadata as Record<string, unknown>)
      : {};
  return { uri: entry.uri, title: entry.title, metadata, path: pathForKlappyUri(entry.uri) };
}

/** Validate a filter set (e.g. from `--filter JSON`); throws naming the bad key. */
export function parseServerFilter(value: unknown): Filters {
  const parsed = FiltersSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `server filter is not a valid contract filter set: ${issue ? `${issue.path.join(".") || "(filter)"}: ${issue.message}` : "invalid"}. Example: {"audience":"public","exposure":"public"}`,
    );
  }
  return parsed.data;
}

const FRONTMATTER_FILTERS = ["audience", "exposure", "tier", "public", "start_here", "tags"] as const;

/** The fields of a document that a filter set compares. */
export function fieldsUsed(
  doc: ShadowDocument,
  filters: Filters,
  kindMap?: KindMap,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FRONTMATTER_FILTERS) if (filters[key] !== undefined) out[key] = doc.metadata[key] ?? null;
  if (filters.path_prefix !== undefined) out.path = doc.path;
  out.kind = kindOf(doc, kindMap);
  return out;
}

function kindOf(doc: ShadowDocument, kindMap?: KindMap) {
  return doc.path === null ? null : resolveKind(doc.path, doc.metadata.kind, kindMap).kind;
}

/** Why the server filter rejects a document: each failing comparison, `key=value`. */
export function serverRejections(doc: ShadowDocument, filters: Filters, kindMap?: KindMap): string[] {
  const out: string[] = [];
  const kind = kindOf(doc, kindMap);
  if (kind === null || !resolveKindSet(filters).includes(kind)) out.push(`kind=${kind ?? "none"}`);
  for (const key of [...FRONTMATTER_FILTERS, "path_prefix"] as const) {
    if (filters[key] === undefined) continue;
    const single = { [key]: filters[key] } as Filters;
    if (!matchesStructuralFilters({ path: doc.path ?? "", kind, frontmatter: doc.metadata }, single)) {
      const value = key === "path_prefix" ? doc.path : doc.metadata[key];
      out.push(`${key}=${value === undefined ? "(missing)" : JSON.stringify(value)}`);
    }
  }
  return out;
}

/** Top folder of a path (`odd/handoffs/x.md` → `odd/handoffs/`), the grouping for local-only exclusions. */
function folderOf(path: string | null): string {
  if (path === null) return "(non-klappy uri)";
  const parts = path.split("/");
  return parts.length > 2
    ? `${parts.slice(0, 2).join("/")}/`
    : parts.length === 2
      ? `${parts[0]}/`
      : "(root)";
}

/** Compare one document; null when both verdicts agree. */
export function compareOne(
  doc: ShadowDocument,
  server: boolean,
  local: boolean,
  filters: Filters,
  kindMap?: KindMap,
): Disagreement | null {
  if (server === local) return null;
  let reason: string;
  if (server) {
    reason = `server includes, local excludes: path ${folderOf(doc.path)}`;
  } else {
    const why = serverRejections(doc, filters, kindMap);
    reason = `server excludes, local includes: ${why.length ? why.join(" ") : "not listed by the server (fields match; check the server)"}`;
  }
  return { uri: doc.uri, server, local, reason, fields: fieldsUsed(doc, filters, kindMap) };
}

/** Describe a filter set for humans: `audience=public exposure=public`. */
export function describeFilter(filters: Filters): string {
  return Object.entries(filters)
    .map(([k, v]) => `${k}=${toArray(v as unknown).join(",")}`)
    .join(" ");
}
