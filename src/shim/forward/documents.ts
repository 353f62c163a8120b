/**
 * What the forward shim knows about every document of a pre-contract
 * server, read from the legacy catalog (`sort_by: "path"`, pages of 500,
 * every article with its whole frontmatter): path, uri, title, frontmatter,
 * kind (two-tier rule) and date. This is the listing the contract's filters,
 * ordering and `total` are computed over.
 */
import {
  type FilterableDocument,
  type Kind,
  type KindMap,
  resolveKind,
  toolNameFor,
} from "../../contract/index.js";
import { dateOf, declaredTitle } from "../../corpus/document.js";
import { LegacyCatalogResultSchema, parseLegacy } from "../legacy-schemas.js";
import { resultOf, type ToolCaller } from "./legacy-caller.js";

/** Largest legacy catalog page (the legacy server clamps `limit` to 1..500). */
export const LEGACY_CATALOG_PAGE = 500;

export interface ShimDocument extends FilterableDocument {
  readonly path: string;
  readonly uri: string;
  /** Title as the contract serves it (the legacy listing's title when `titleNeedsText`). */
  readonly title: string;
  /** A blank frontmatter title: only the text (H1, else file name) tells the contract title. */
  readonly titleNeedsText: boolean;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly kind: Kind | null;
  /** Frontmatter `date` as an ISO string when it is a readable date (catalog `sort_by: "date"`). */
  readonly date: string | null;
}

export interface ShimIndex {
  /** Every served document in path order (the legacy `sort_by: "path"` order). */
  readonly documents: readonly ShimDocument[];
  readonly byUri: ReadonlyMap<string, ShimDocument>;
  readonly byPath: ReadonlyMap<string, ShimDocument>;
}

export function shimDocument(
  article: { path: string; uri: string; title: string; metadata: Record<string, unknown> },
  kindMap: KindMap | undefined,
): ShimDocument {
  const frontmatter = article.metadata;
  // The contract title when the listing can tell it; otherwise the H1 or the file name,
  // which only the text tells (the legacy listing's own fallback title follows other rules).
  const declared = declaredTitle(frontmatter.title);
  return {
    path: article.path,
    uri: article.uri,
    title: declared ?? article.title,
    titleNeedsText: declared === null,
    frontmatter,
    kind: resolveKind(article.path, frontmatter.kind, kindMap).kind,
    date: dateOf(frontmatter.date),
  };
}

/** Read every document of a legacy server through its paginated path-ordered catalog. */
export async function loadShimIndex(call: ToolCaller, kindMap?: KindMap): Promise<ShimIndex> {
  const documents: ShimDocument[] = [];
  for (let offset = 0; ; offset += LEGACY_CATALOG_PAGE) {
    const answer = await call(toolNameFor("catalog"), {
      sort_by: "path",
      limit: LEGACY_CATALOG_PAGE,
      offset,
    });
    const result = parseLegacy(LegacyCatalogResultSchema, resultOf(answer), "oddkit_catalog (sort_by: path)");
    if (!result.articles || !result.pagination) {
      throw new Error(
        'the legacy server\'s catalog ignored sort_by: "path" (no articles/pagination): it predates paginated catalogs and cannot be shimmed',
      );
    }
    for (const article of result.articles) documents.push(shimDocument(article, kindMap));
    if (!result.pagination.has_more) break;
  }
  const byUri = new Map<string, ShimDocument>();
  const byPath = new Map<string, ShimDocument>();
  for (const doc of documents) {
    byPath.set(doc.path, doc);
    if (!byUri.has(doc.uri)) byUri.set(doc.uri, doc);
  }
  return { documents, byUri, byPath };
}
