/**
 * Repository paths of contract entries. The contract never discloses a path,
 * but the legacy shapes are full of them (articles, hits, start_here, get,
 * resolve). After the window the path of a document whose declared `uri`
 * does not name it cannot be recovered exactly from contract answers, so
 * the shim answers within a small, bounded number of calls from what it can
 * know (PathResolver) and lists every path it derived instead of confirmed.
 * It never fails a catalog for the sake of one field.
 */
import {
  DEFAULT_KIND_MAP,
  KINDS,
  type KindMap,
  kindFromPath,
  NO_FLAG_CAP,
  normalizePath,
  pathForKlappyUri,
  toolNameFor,
} from "../../contract/index.js";
import { PathProbeError } from "../../errors/index.js";
import { LEGACY_START_HERE_PATH_NAMES } from "../../legacy/catalog.js";
import { legacyPathForInput } from "../../legacy/lookup.js";
import type { ToolCaller } from "../forward/legacy-caller.js";
import { callMany } from "./contract-calls.js";

export { PathProbeError };

/** A listed document whose path is wanted. */
export interface PathQuery {
  readonly uri: string;
  readonly title: string;
  /** The frontmatter `uri` as declared (undefined when the document declares none). */
  readonly declaredUri: unknown;
}

/** Catalog page size of the probes (they disclose nothing, so the no-flag cap). */
const PAGE = NO_FLAG_CAP;
/** Guesses read no declared URIs: a scheme is mapped as the legacy index maps an undeclared one. */
const NO_DECLARED_URIS = { byUri: new Map() };

function hasDeclaredUri(q: PathQuery): boolean {
  return typeof q.declaredUri === "string" && q.declaredUri.trim() !== "";
}

/** The legacy index's guess for a URI's path (klappy://x → x.md, odd://x → odd/x.md, else scheme stripped). */
export function guessPath(uri: string): string {
  return pathForKlappyUri(uri) ?? legacyPathForInput(uri, NO_DECLARED_URIS);
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Consecutive positions grouped into runs ([1,2,3,7,8] → [[1,2,3],[7,8]]). */
function runsOf(positions: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const p of positions) {
    const last = runs.at(-1);
    if (last && last.at(-1)! + 1 === p) last.push(p);
    else runs.push([p]);
  }
  return runs;
}

/** Paths a declared URI may name, most likely first. */
export function candidatePaths(uri: string): string[] {
  const stripped = uri.replace(/^[a-z][a-z0-9+.-]*:\/\//, "").replace(/[#?].*$/, "");
  return [...new Set([guessPath(uri), stripped.endsWith(".md") ? stripped : `${stripped}.md`])];
}

/** A folder's front page is usually named as 0.28.x's start_here looks for (README.md, QUICKSTART.md). */
const FRONT_PAGES = LEGACY_START_HERE_PATH_NAMES.map((name) => `${name}.md`);

/** Every folder above `path` (`a/b/c.md` → "", "a/", "a/b/"). */
function foldersOf(path: string): string[] {
  const parts = path.split("/").slice(0, -1);
  return parts
    .map((_, i) => `${parts.slice(0, i).join("/")}${i > 0 ? "/" : ""}`)
    .concat(parts.length > 0 ? [`${parts.join("/")}/`] : [""]);
}

/**
 * Folder front pages (README, QUICKSTART) that can sit between two known neighbours of
 * a path-ordered listing: a document behind a public alias (`klappy://public/odd` for
 * `odd/README.md`) is most often one, and its path decides 0.28.x's start_here.
 */
export function frontPageCandidates(before: string | null, after: string | null): string[] {
  const folders = new Set([...foldersOf(before ?? ""), ...foldersOf(after ?? "")]);
  return [...folders]
    .flatMap((folder) => FRONT_PAGES.map((name) => `${folder}${name}`))
    .filter((c) => (before === null || c > before) && (after === null || c < after))
    .sort(byCodeUnit);
}

/** The nearest known path before and after position `i` of a listing being placed. */
function neighbours(
  out: readonly (string | null)[],
  i: number,
): { before: string | null; after: string | null } {
  let before: string | null = null;
  let after: string | null = null;
  for (let j = i - 1; j >= 0 && before === null; j--) before = out[j] ?? null;
  for (let j = i + 1; j < out.length && after === null; j++) after = out[j] ?? null;
  return { before, after };
}

export interface PathResolverOptions {
  /** Prefix → kind map of the knowledge base (default: the contract's): files outside every kind are not listed. */
  readonly kindMap?: KindMap;
  /**
   * The repository path of a document whose URI does not name it (e.g.
   * `klappy://public/odd` → `odd/README.md`), or undefined when unknown.
   * Consulted first; a value that is not a `.md` path is a PathProbeError.
   */
  readonly pathOf?: (uri: string) => string | undefined;
  /**
   * The repository's markdown paths (e.g. `git ls-files '*.md'`). Documents
   * between two known paths of the path-ordered listing take the files
   * between those paths, in order, without a call when the counts agree.
   */
  readonly files?: readonly string[];
  /** Most catalog calls spent confirming paths per listing (default 50); past it, paths are derived. */
  readonly maxProbeCalls?: number;
}

/** A path the shim could not confirm and derived from the URI (listed among the documented differences). */
export interface DerivedPath {
  readonly uri: string;
  readonly title: string;
  readonly path: string;
  readonly reason: string;
}

/** Catalog calls a listing may spend confirming paths unless told otherwise. */
export const DEFAULT_MAX_PATH_CALLS = 50;

/**
 * Paths of contract entries in a small, bounded number of calls, never a
 * failure: (1) a URI that names its path (no declared `uri`) gives it
 * exactly; (2) the consumer's `pathOf`; (3) the consumer's file list, placed
 * by path order between known neighbours; (4) the legacy index's own URI →
 * path guesses, confirmed together in one `path_prefix` listing (and, for a
 * document with two candidates, one call per candidate); (5) what is left
 * is derived from its URI and recorded in `derived`. At most
 * `maxProbeCalls` calls are spent on confirmation per listing.
 */
export class PathResolver {
  private calls = 0;
  private readonly maxCalls: number;
  private readonly fileList: readonly string[];
  /** Paths derived without confirmation, by URI. */
  readonly derived = new Map<string, DerivedPath>();

  constructor(
    private readonly call: ToolCaller,
    private readonly options: PathResolverOptions = {},
  ) {
    this.maxCalls = options.maxProbeCalls ?? DEFAULT_MAX_PATH_CALLS;
    this.fileList = [...new Set((options.files ?? []).map(normalizePath))].sort(byCodeUnit);
  }

  /** Catalog calls spent so far. */
  get spent(): number {
    return this.calls;
  }

  private canSpend(): boolean {
    return this.calls < this.maxCalls;
  }

  /** (uri, title) of every listed document whose path starts with one of `prefixes`; null past the budget. */
  private async listed(prefixes: readonly string[]): Promise<Set<string> | null> {
    const seen = new Set<string>();
    for (let offset = 0; ; offset += PAGE) {
      if (!this.canSpend()) return null;
      this.calls++;
      const page = await callMany(this.call, toolNameFor("catalog"), {
        path_prefix: [...prefixes],
        include: [...KINDS],
        disclosure: [],
        sort_by: "path",
        limit: PAGE,
        offset,
      });
      for (const e of page.data) seen.add(key(e));
      if (offset + PAGE >= page.total) return seen;
    }
  }

  private fromConsumer(q: PathQuery): string | null {
    const given = this.options.pathOf?.(q.uri);
    if (given === undefined) return null;
    if (typeof given !== "string" || !normalizePath(given).endsWith(".md")) {
      throw new PathProbeError(
        `pathOf(${JSON.stringify(q.uri)}) returned ${JSON.stringify(given)}: return the document's repository path ending in .md (e.g. "odd/README.md"), or undefined when unknown`,
      );
    }
    return normalizePath(given);
  }

  /** Documents of a run between two known paths take the listed files between them, in order, when the counts agree. */
  private fromFiles(queries: readonly PathQuery[], out: (string | null)[], run: readonly number[]): void {
    if (this.fileList.length === 0) return;
    const before = run[0]! > 0 ? out[run[0]! - 1] : null;
    const after = run.at(-1)! + 1 < out.length ? out[run.at(-1)! + 1] : null;
    const taken = new Set(out.filter((p): p is string => p !== null));
    const between = this.fileList.filter(
      (f) => (before == null || f > before) && (after == null || f < after) && !taken.has(f),
    );
    // The contract lists no file outside every kind (a root README, scripts/): without them the counts may agree.
    const kindMap = this.options.kindMap ?? DEFAULT_KIND_MAP;
    const listable = between.filter((f) => kindFromPath(f, kindMap) !== null);
    for (const files of [between, listable]) {
      if (files.length !== run.length) continue;
      run.forEach((i, k) => {
        out[i] = files[k]!;
      });
      return;
    }
    // One file left for one document: the only candidate in the file list is it.
    for (const i of run) {
      const named = candidatePaths(queries[i]!.uri).filter((c) => between.includes(c));
      if (named.length === 1) out[i] = named[0]!;
    }
  }

  /**
   * Documents still unplaced in a whole listing that are a folder's front page (README,
   * QUICKSTART) between their neighbours: found in one listing of every such candidate,
   * then placed with one call per candidate of each document found there.
   */
  private async fromFrontPages(
    queries: readonly PathQuery[],
    out: (string | null)[],
    open: readonly number[],
  ): Promise<void> {
    const candidates = new Map(
      open.map((i) => [i, frontPageCandidates(neighbours(out, i).before, neighbours(out, i).after)]),
    );
    const all = [...new Set([...candidates.values()].flat())];
    if (all.length === 0) return;
    const found = await this.listed(all);
    if (found === null) return;
    for (const i of open) {
      if (!found.has(key(queries[i]!))) continue;
      const own = candidates.get(i)!;
      for (const candidate of own) {
        // The union says the document is a front page somewhere; only a lone candidate says which.
        const one = all.length === 1 ? found : await this.listed([candidate]);
        if (one === null) return;
        if (one.has(key(queries[i]!))) {
          out[i] = candidate;
          break;
        }
      }
    }
  }

  /**
   * Paths of `queries`, in order. When `inOrder` (the queries are a whole
   * listing in path order), neighbours bound where an unknown path can sit.
   */
  async paths(
    queries: readonly PathQuery[],
    _knownPaths: readonly string[] = [],
    inOrder = false,
  ): Promise<string[]> {
    const out = queries.map((q) => (hasDeclaredUri(q) ? null : pathForKlappyUri(q.uri)));
    for (let i = 0; i < out.length; i++) if (out[i] === null) out[i] = this.fromConsumer(queries[i]!);
    const openOf = () => out.flatMap((p, i) => (p === null ? [i] : []));
    if (openOf().length === 0) return out as string[];
    if (this.fileList.length > 0) {
      // A declared uri that names an existing file (the common case) is that file; the rest are placed by order.
      const files = new Set(this.fileList);
      const taken = new Set(out.filter((p): p is string => p !== null));
      for (const i of openOf()) {
        const named = candidatePaths(queries[i]!.uri).filter((c) => files.has(c) && !taken.has(c));
        if (named.length === 1) {
          out[i] = named[0]!;
          taken.add(named[0]!);
        }
      }
      for (const run of inOrder ? runsOf(openOf()) : openOf().map((i) => [i]))
        this.fromFiles(queries, out, run);
    }

    const open = openOf();
    if (open.length > 0) {
      // The legacy index's own URI → path rule and the URI with its scheme stripped, confirmed in one listing.
      const guesses = new Map(open.map((i) => [i, candidatePaths(queries[i]!.uri)]));
      const found = await this.listed([...new Set([...guesses.values()].flat())]);
      const allCandidates = [...new Set([...guesses.values()].flat())].sort(byCodeUnit);
      for (const run of inOrder ? runsOf(open) : open.map((i) => [i])) {
        const confirmed = (i: number) => found?.has(key(queries[i]!)) === true;
        const before = run[0]! > 0 ? out[run[0]! - 1] : null;
        const after = run.at(-1)! + 1 < out.length ? out[run.at(-1)! + 1] : null;
        const between = allCandidates.filter(
          (c) => (before == null || c > before) && (after == null || c < after),
        );
        if (inOrder && between.length === run.length && run.every(confirmed)) {
          run.forEach((i, k) => {
            out[i] = between[k]!;
          });
          continue;
        }
        for (const i of run) {
          if (!confirmed(i)) continue;
          const candidates = guesses.get(i)!;
          if (candidates.length === 1) {
            out[i] = candidates[0]!;
            continue;
          }
          for (const candidate of candidates) {
            const one = await this.listed([candidate]);
            if (one === null) break;
            if (one.has(key(queries[i]!))) {
              out[i] = candidate;
              break;
            }
          }
        }
      }
    }
    if (inOrder && openOf().length > 0) await this.fromFrontPages(queries, out, openOf());
    for (const i of openOf()) {
      const q = queries[i]!;
      const path = guessPath(q.uri);
      out[i] = path;
      this.derived.set(q.uri, {
        uri: q.uri,
        title: q.title,
        path,
        reason: `its uri does not name its path and no pathOf/file list placed it; ${path} derived from the uri, not confirmed`,
      });
    }
    return out as string[];
  }
}

function key(e: { readonly uri: string; readonly title: string }): string {
  return JSON.stringify([e.uri, e.title]);
}
