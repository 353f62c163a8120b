/**
 * The listing orders of the contract's answers: path order (the default) and
 * the catalog's date order. Shared by the server's actions, its search index
 * and the forward shim's emulation, so every listing sorts alike.
 */

/** What the listing orders read of a document (a corpus document, or a shim's view of one). */
interface Listable {
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
