/**
 * Repository paths of contract entries. The contract never discloses a path,
 * but the legacy shapes are full of them (articles, hits, start_here, get,
 * resolve). A document without a declared `uri` has `klappy://<path>` as its
 * URI, so its path is exact. A declared URI is first guessed the way the
 * legacy index maps URIs to paths, the guesses verified in one `path_prefix`
 * call; a wrong guess is found by probing `path_prefix` one character at a
 * time (binary search over the alphabet: ~7 calls per character, bounded).
 */
import { KINDS, NO_FLAG_CAP, normalizePath, pathForKlappyUri, toolNameFor } from "../../contract/index.js";
import { legacyPathForInput } from "../../legacy/lookup.js";
import type { ToolCaller } from "../forward/legacy-caller.js";
import { callMany } from "./contract-calls.js";

/** A listed document whose path is wanted. */
export interface PathQuery {
  readonly uri: string;
  readonly title: string;
  /** The frontmatter `uri` as declared (undefined when the document declares none). */
  readonly declaredUri: unknown;
}

export class PathProbeError extends Error {
  override readonly name = "PathProbeError";
}

const BASE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789-_./ABCDEFGHIJKLMNOPQRSTUVWXYZ";
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

/** The prefix shared by the nearest known paths before and after position `i` ("" when one side is unknown). */
function sharedPrefix(paths: readonly (string | null)[], i: number): string {
  let before: string | null = null;
  for (let j = i - 1; j >= 0 && before === null; j--) before = paths[j] ?? null;
  let after: string | null = null;
  for (let j = i + 1; j < paths.length && after === null; j++) after = paths[j] ?? null;
  if (before === null || after === null) return "";
  let n = 0;
  while (n < before.length && n < after.length && before[n] === after[n]) n++;
  return before.slice(0, n);
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

export interface PathResolverOptions {
  /** Most catalog calls spent probing paths per listing (default 5,000). */
  readonly maxProbeCalls?: number;
}

export class PathResolver {
  private calls = 0;
  private readonly maxCalls: number;

  constructor(
    private readonly call: ToolCaller,
    options: PathResolverOptions = {},
  ) {
    this.maxCalls = options.maxProbeCalls ?? 5_000;
  }

  /** Entries (uri + title) of every listed document whose path starts with one of `prefixes`. */
  private async listed(prefixes: readonly string[]): Promise<Set<string>> {
    const seen = new Set<string>();
    for (let offset = 0; ; offset += PAGE) {
      if (++this.calls > this.maxCalls) {
        throw new PathProbeError(
          `finding repository paths of documents with declared URIs took more than ${this.maxCalls} catalog calls; raise maxProbeCalls, or give those documents klappy:// URIs that match their paths`,
        );
      }
      const page = await callMany(this.call, toolNameFor("catalog"), {
        path_prefix: [...prefixes],
        include: [...KINDS],
        disclosure: [],
        sort_by: "path",
        limit: PAGE,
        offset,
      });
      for (const e of page.data) seen.add(JSON.stringify([e.uri, e.title]));
      if (offset + PAGE >= page.total) return seen;
    }
  }

  private async matches(q: PathQuery, prefixes: readonly string[]): Promise<boolean> {
    return (await this.listed(prefixes)).has(JSON.stringify([q.uri, q.title]));
  }

  /**
   * Paths of `queries`, in order. When `inOrder` (the queries are a whole
   * listing in path order), a probe starts from the prefix its known
   * neighbours share: a path between two others begins with their common prefix.
   */
  async paths(
    queries: readonly PathQuery[],
    knownPaths: readonly string[] = [],
    inOrder = false,
  ): Promise<string[]> {
    const out = queries.map((q) => (hasDeclaredUri(q) ? null : pathForKlappyUri(q.uri)));
    const open = queries.map((_, i) => i).filter((i) => out[i] === null);
    if (open.length === 0) return out as string[];
    // Guesses: the legacy index's own URI → path rule, and the URI with its scheme stripped.
    const guesses = open.map((i) => candidatePaths(queries[i]!.uri));
    const found = await this.listed(guesses.flat());
    const wrong: number[] = [];
    const isFound = (i: number) => found.has(JSON.stringify([queries[i]!.uri, queries[i]!.title]));
    const allCandidates = [...new Set(guesses.flat())].sort(byCodeUnit);
    const candidatesOf = new Map(open.map((i, k) => [i, guesses[k]!]));
    for (const run of inOrder ? runsOf(open) : open.map((i) => [i])) {
      // In path order, the documents of a run between two known paths take the candidates
      // between those paths one to one, in order, when every one of them matched a guess.
      const before = run[0]! > 0 ? out[run[0]! - 1] : null;
      const after = run.at(-1)! + 1 < out.length ? out[run.at(-1)! + 1] : null;
      const between = allCandidates.filter(
        (c) => (before == null || c > before) && (after == null || c < after),
      );
      if (inOrder && between.length === run.length && run.every(isFound)) {
        run.forEach((i, k) => {
          out[i] = between[k]!;
        });
        continue;
      }
      for (const i of run) {
        let path: string | null = null;
        if (isFound(i)) {
          for (const candidate of candidatesOf.get(i)!) {
            if (await this.matches(queries[i]!, [candidate])) {
              path = candidate;
              break;
            }
          }
        }
        if (path === null) wrong.push(i);
        else out[i] = path;
      }
    }
    const alphabet = [...new Set(BASE_ALPHABET + knownPaths.join(""))].sort();
    for (const i of wrong.sort((a, b) => a - b)) {
      out[i] = await this.probe(queries[i]!, alphabet, inOrder ? sharedPrefix(out, i) : "");
    }
    return out as string[];
  }

  /** Find a path character by character with `path_prefix` (binary search over the alphabet). */
  private async probe(q: PathQuery, alphabet: readonly string[], start: string): Promise<string> {
    let prefix = start !== "" && (await this.matches(q, [start])) ? start : "";
    while (
      !(prefix.endsWith(".md") && (await this.matches(q, [prefix])) && !(await this.longer(q, prefix)))
    ) {
      // Prefixes are compared normalised (no leading "/" or "./"): only probe prefixes that survive it.
      let candidates = alphabet.filter((c) => normalizePath(prefix + c) === prefix + c);
      while (candidates.length > 1) {
        const half = candidates.slice(0, Math.ceil(candidates.length / 2));
        candidates = (await this.matches(
          q,
          half.map((c) => prefix + c),
        ))
          ? half
          : candidates.slice(half.length);
      }
      const next = prefix + candidates[0]!;
      if (!(await this.matches(q, [next]))) {
        throw new PathProbeError(
          `cannot find the repository path of ${q.uri} ("${q.title}"): after '${prefix}' comes a character outside ${JSON.stringify(alphabet.join(""))}`,
        );
      }
      prefix = next;
      if (prefix.length > 1_000)
        throw new PathProbeError(`repository path of ${q.uri} is longer than 1,000 characters`);
    }
    return prefix;
  }

  /** Does the document's path continue past `prefix` (e.g. `a.md` vs `a.md.md`)? */
  private async longer(q: PathQuery, prefix: string): Promise<boolean> {
    return this.matches(
      q,
      [...new Set(BASE_ALPHABET)].map((c) => prefix + c).filter((p) => normalizePath(p) === p),
    );
  }
}
