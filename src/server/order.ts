/**
 * The listing orders of the contract's answers: path order (the default) and
 * the catalog's date order. Shared by the server's actions, its search index
 * and the forward shim's emulation, so every listing sorts alike.
 */

/** What the listing orders read of a document (a corpus document, or a shim's view of one). */
export interface Listable {
  readonly path: string;
  readonly date: string | null;
}

/** Code-unit path order, as the loader sorts. */
export function comparePaths(a: Pick<Listable, "path">, b: Pick<Listable, "path">): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** The catalog's date order: newest first by frontmatter date; undated documents last; ties by path. */
export function newestFirst(a: Listable, b: Listable): number {
  if (a.date !== b.date) {
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? 1 : -1;
  }
  return comparePaths(a, b);
}

/** The documents a contract listing shows, in its two orders. */
export interface Listing<D> {
  /** In path order (code-unit order, as the loader sorts). */
  readonly listed: readonly D[];
  /** The listed documents newest first by frontmatter date, undated last, ties by path (computed once). */
  byDate(): readonly D[];
}

/**
 * One document per URI — the one `byUri` answers for it (a second file
 * declaring the URI stays reachable by path only) — in both listing orders.
 * The server lists its corpus with it, the forward shim a legacy server's.
 */
export function listingOf<D extends Listable & { readonly uri: string }>(
  documents: readonly D[],
  byUri: ReadonlyMap<string, D>,
): Listing<D> {
  const listed = documents.filter((d) => byUri.get(d.uri) === d).sort(comparePaths);
  let byDate: D[] | null = null;
  return {
    listed,
    byDate: () => {
      byDate ??= [...listed].sort(newestFirst);
      return byDate;
    },
  };
}
