/**
 * The legacy index, rebuilt from a contract server: every listed document
 * (catalog over all five kinds, `sort_by: "path"`, `metadata`, paginated at
 * the metadata cap), its repository path, and — only for the actions that
 * need text — its body through contract `get`, `concurrency` at a time.
 * Cached per knowledge-base revision (`oddkit_version`), else for `ttlMs`.
 */
import { stringify as toYaml } from "yaml";
import {
  DEFAULT_KIND_MAP,
  FLAG_CAPS,
  KINDS,
  type KindMap,
  NO_FLAG_CAP,
  resolveKind,
  toolNameFor,
  VERSION_TOOL,
} from "../../contract/index.js";
import { dateOf } from "../../corpus/document.js";
import type { CorpusDocument } from "../../corpus/types.js";
import { LEGACY_INDEXED_FOLDERS, type LegacyIndex } from "../../legacy/lookup.js";
import { resultOf, type ToolCaller } from "../forward/legacy-caller.js";
import { callMany, callOne } from "./contract-calls.js";
import { type DerivedPath, PathResolver, type PathResolverOptions } from "./paths.js";

export interface ContractViewOptions extends PathResolverOptions {
  /** Contract `get` calls in flight at once (default 4). */
  readonly concurrency?: number;
  /** Cache lifetime when the server reports no knowledge_base_revision, ms (default 60 s; 0 = no cache). */
  readonly ttlMs?: number;
}

/**
 * The file text the legacy server would serve, rebuilt from the contract's
 * frontmatter and body: YAML frontmatter re-serialised, so equal to the
 * original bytes only when its YAML was written in canonical form.
 */
export function rebuildRaw(frontmatter: Readonly<Record<string, unknown>>, body: string): string {
  return Object.keys(frontmatter).length === 0 ? body : `---\n${toYaml(frontmatter)}---\n${body}`;
}

/** A listed document as the legacy builders read it (`raw`/`body` empty until its text is fetched). */
function listedDocument(
  path: string,
  entry: { uri: string; title: string; metadata: Record<string, unknown> },
  kindMap: KindMap,
): CorpusDocument {
  const kindResolution = resolveKind(path, entry.metadata.kind, kindMap);
  return {
    path,
    uri: entry.uri,
    title: entry.title,
    frontmatter: entry.metadata,
    blockquote: null,
    summary: null,
    body: "",
    raw: "",
    contentHash: "",
    kind: kindResolution.kind,
    kindResolution,
    date: dateOf(entry.metadata.date),
  };
}

type ListedEntry = { uri: string; title: string; metadata: Record<string, unknown> };

const entryKey = (e: { readonly uri: string; readonly title: string }) => JSON.stringify([e.uri, e.title]);

/** Every entry of a path-ordered catalog over all five kinds, `filters` applied, page by page. */
async function listAll(
  call: ToolCaller,
  disclosure: readonly string[],
  limit: number,
  filters: Record<string, unknown> = {},
): Promise<ListedEntry[]> {
  const entries: ListedEntry[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await callMany(call, toolNameFor("catalog"), {
      include: [...KINDS],
      ...filters,
      disclosure: [...disclosure],
      sort_by: "path",
      limit,
      offset,
    });
    for (const e of page.data) {
      entries.push({ uri: e.uri, title: e.title, metadata: (e.metadata ?? {}) as Record<string, unknown> });
    }
    if (offset + limit >= page.total) return entries;
  }
}

/**
 * The documents a 0.28.x server indexes (its four folders), asked of the server, which
 * filters on the paths it knows; null when none of them exists (the folder is then
 * indexed whole, as legacyIndex does).
 */
async function legacyScopeKeys(call: ToolCaller): Promise<Set<string> | null> {
  const inFolders = await listAll(call, [], NO_FLAG_CAP, { path_prefix: [...LEGACY_INDEXED_FOLDERS] });
  return inFolders.length === 0 ? null : new Set(inFolders.map(entryKey));
}

function hasDeclaredTitle(doc: CorpusDocument): boolean {
  const title = doc.frontmatter.title;
  return title !== undefined && title !== null && String(title) !== "";
}

export interface ContractIndex extends LegacyIndex {
  readonly documents: readonly CorpusDocument[];
}

export class ContractView {
  private readonly kindMap: KindMap;
  private readonly concurrency: number;
  private readonly ttlMs: number;
  private cache: { key: string; at: number; index: ContractIndex } | null = null;
  private readonly texts = new Map<string, CorpusDocument>();
  private readonly derived = new Map<string, DerivedPath>();

  constructor(private readonly options: ContractViewOptions = {}) {
    this.kindMap = options.kindMap ?? DEFAULT_KIND_MAP;
    this.concurrency = options.concurrency ?? 4;
    this.ttlMs = options.ttlMs ?? 60_000;
  }

  private async revision(call: ToolCaller): Promise<string | null> {
    const result = resultOf(await call(VERSION_TOOL, {})) as { knowledge_base_revision?: unknown } | null;
    const revision = result?.knowledge_base_revision;
    return typeof revision === "string" && revision !== "" ? revision : null;
  }

  /** Every document the contract lists (all five kinds), in path order, with frontmatter and path. */
  async index(call: ToolCaller): Promise<ContractIndex> {
    const revision = await this.revision(call);
    const key = revision ?? "(no revision)";
    if (
      this.cache &&
      this.cache.key === key &&
      (revision !== null || Date.now() - this.cache.at < this.ttlMs)
    ) {
      return this.cache.index;
    }
    this.texts.clear();
    this.cache = null;
    const entries = await listAll(call, ["metadata"], FLAG_CAPS.metadata);
    const scope = await legacyScopeKeys(call);
    this.derived.clear();
    const resolver = this.resolver(call);
    const queries = entries.map((e) => ({ uri: e.uri, title: e.title, declaredUri: e.metadata.uri }));
    const paths = await resolver.paths(queries, [], true);
    // Scoped by the server, on the paths it knows: a document whose path had to be derived
    // (and may name another folder) stays in the index it belongs to.
    const listed = entries
      .map((e, i) => listedDocument(paths[i]!, e, this.kindMap))
      .filter((d) => scope === null || scope.has(entryKey(d)));
    // The legacy title of a document without a frontmatter title is its H1 or file name: read its text.
    const untitled = listed.filter((d) => !hasDeclaredTitle(d));
    const texts = new Map((await this.withText(call, untitled)).map((d) => [d.path, d]));
    const documents = listed.map((d) => texts.get(d.path) ?? d);
    const byUri = new Map<string, CorpusDocument>();
    const byPath = new Map<string, CorpusDocument>();
    for (const doc of documents) {
      byPath.set(doc.path, doc);
      if (!byUri.has(doc.uri)) byUri.set(doc.uri, doc);
    }
    // In the contract's path order: the server's own paths in code-unit order, which is the
    // repository's archive order that 0.28.x indexes in (its start_here takes the first matches).
    const index: ContractIndex = { documents, byUri, byPath };
    if (revision !== null || this.ttlMs > 0) this.cache = { key, at: Date.now(), index };
    return index;
  }

  /** A path resolver with this view's options; the paths it derives are kept for derivedPaths(). */
  resolver(call: ToolCaller): PathResolver {
    const resolver = new PathResolver(call, this.options);
    const { derived } = this;
    const paths = resolver.paths.bind(resolver);
    resolver.paths = async (...args) => {
      const out = await paths(...args);
      for (const [uri, d] of resolver.derived) derived.set(uri, d);
      return out;
    };
    return resolver;
  }

  /** The path the cached index placed a URI at (a listing places paths by order; one lookup cannot). */
  knownPath(uri: string): string | undefined {
    const doc = this.cache?.index.byUri.get(uri);
    return doc && !this.derived.has(uri) ? doc.path : undefined;
  }

  /** Paths derived rather than confirmed, for the current index and the searches since. */
  derivedPaths(): readonly DerivedPath[] {
    return [...this.derived.values()];
  }

  /** Documents with their text (body via contract get, raw rebuilt), in order; cached per revision. */
  async withText(call: ToolCaller, docs: readonly CorpusDocument[]): Promise<CorpusDocument[]> {
    const out = new Array<CorpusDocument>(docs.length);
    let next = 0;
    const worker = async () => {
      while (next < docs.length) {
        const i = next++;
        const doc = docs[i]!;
        let full = this.texts.get(doc.path);
        if (!full) {
          // A derived path may not exist: fetch such a document by its URI.
          const input = this.derived.has(doc.uri) ? doc.uri : doc.path;
          const got = await callOne(call, toolNameFor("get"), { input, disclosure: ["body"] });
          const body = String(got.data.body ?? "");
          full = { ...doc, body, raw: rebuildRaw(doc.frontmatter, body), contentHash: got.data.content_hash };
          this.texts.set(doc.path, full);
        }
        out[i] = full;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, docs.length) }, worker));
    return out;
  }
}
