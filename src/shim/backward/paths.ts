/**
 * Repository paths of contract entries. The contract never discloses a path,
 * but the legacy shapes are full of them (articles, hits, start_here, get,
 * resolve). A document without a declared `uri` has `klappy://<path>` as its
 * URI, so its path is exact. A declared URI is first guessed the way the
 * legacy index maps URIs to paths, the guesses verified in one `path_prefix`
 * call; a wrong guess is found by probing `path_prefix` one character at a
 * time (binary search over the alphabet: ~7 calls per character, bounded).
 */
import { KINDS, normalizePath, pathForKlappyUri } from "../../contract/index.js";
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
const PAGE = 500;

function hasDeclaredUri(q: PathQuery): boolean {
  return typeof q.declaredUri === "string" && q.declaredUri.trim() !== "";
}

/** The legacy index's guess for a URI's path (klappy://x → x.md, odd://x → odd/x.md, else scheme stripped). */
export function guessPath(uri: string): string {
  const klappy = pathForKlappyUri(uri);
  if (klappy !== null) return klappy;
  const stripped = uri.startsWith("odd://")
    ? `odd/${uri.slice("odd://".length)}`
    : uri.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  return stripped.endsWith(".md") ? stripped : `${stripped}.md`;
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
      const page = await callMany(this.call, "oddkit_catalog", {
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

  /** Paths of `queries`, in order. */
  async paths(queries: readonly PathQuery[], knownPaths: readonly string[] = []): Promise<string[]> {
    const out = queries.map((q) => (hasDeclaredUri(q) ? null : pathForKlappyUri(q.uri)));
    const open = queries.map((_, i) => i).filter((i) => out[i] === null);
    if (open.length === 0) return out as string[];
    const guesses = open.map((i) => guessPath(queries[i]!.uri));
    // One call checks every guess: each guessed document must be among the matches.
    const found = await this.listed(guesses);
    const wrong: number[] = [];
    open.forEach((i, k) => {
      if (found.has(JSON.stringify([queries[i]!.uri, queries[i]!.title]))) out[i] = guesses[k]!;
      else wrong.push(i);
    });
    // With several guesses in one call a match may come from a neighbour's guess: re-check each alone.
    if (open.length > 1) {
      for (const i of open.filter((j) => out[j] !== null)) {
        if (!(await this.matches(queries[i]!, [out[i]!]))) {
          out[i] = null;
          wrong.push(i);
        }
      }
    }
    const alphabet = [...new Set(BASE_ALPHABET + knownPaths.join(""))].sort();
    for (const i of wrong) out[i] = await this.probe(queries[i]!, alphabet);
    return out as string[];
  }

  /** Find a path character by character with `path_prefix` (binary search over the alphabet). */
  private async probe(q: PathQuery, alphabet: readonly string[]): Promise<string> {
    let prefix = "";
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
