/**
 * Everything the forward shim reads from a pre-contract server, cached: the
 * path-ordered listing (one fat catalog walk), document texts (one legacy
 * `get` each, `concurrency` at a time) and, for ranking, the whole corpus
 * rebuilt from those texts with the reference server's BM25 index.
 */

import { LRUCache } from "lru-cache";
import { DEFAULT_KIND_MAP, type KindMap, toolNameFor } from "../../contract/index.js";
import type { Corpus, CorpusDocument } from "../../corpus/types.js";
import { SearchIndex } from "../../server/search-index.js";
import { type ServedCorpus, servedCorpus } from "../../server/state.js";
import { LegacyGetMissSchema, LegacyGetResultSchema, parseLegacy } from "../legacy-schemas.js";
import { sha256Hex } from "../web-hash.js";
import { documentFromFile } from "./document.js";
import { loadShimIndex, type ShimIndex } from "./documents.js";
import { resultOf, type ToolCaller } from "./legacy-caller.js";

export const DEFAULT_BODY_CONCURRENCY = 4;

export interface LegacySourceOptions {
  readonly kindMap?: KindMap;
  /** Legacy `get` calls in flight at once (default 4). */
  readonly concurrency?: number;
  /** How long the listing and fetched texts stay fresh, ms (default 60 s). 0 re-reads on every request. */
  readonly ttlMs?: number;
  /** Document texts kept (default 5,000). */
  readonly maxDocuments?: number;
}

/** The source's reads through one caller (one request's cost meter), fresh or cached. */
export interface LegacyReader {
  listing(): Promise<ShimIndex>;
  get(input: string): Promise<CorpusDocument | LegacyMiss>;
  documents(paths: readonly string[]): Promise<CorpusDocument[]>;
  /** One listed document by path (as `documents`). */
  document(path: string): Promise<CorpusDocument>;
  served(): Promise<ServedCorpus>;
}

/** A `get` the legacy server answered with its not-found shape. */
export interface LegacyMiss {
  readonly missing: true;
  readonly path: string | undefined;
  readonly error: string;
}

export class LegacySource {
  readonly kindMap: KindMap;
  private readonly concurrency: number;
  private readonly ttlMs: number;
  private readonly texts: LRUCache<string, CorpusDocument>;
  private listingCache: { at: number; index: ShimIndex } | null = null;
  private servedCache: { listing: ShimIndex; served: ServedCorpus } | null = null;

  constructor(options: LegacySourceOptions = {}) {
    this.kindMap = options.kindMap ?? DEFAULT_KIND_MAP;
    this.concurrency = options.concurrency ?? DEFAULT_BODY_CONCURRENCY;
    if (!Number.isInteger(this.concurrency) || this.concurrency < 1) {
      throw new RangeError(
        `forward shim concurrency must be a positive integer, got ${String(options.concurrency)}`,
      );
    }
    this.ttlMs = options.ttlMs ?? 60_000;
    this.texts = new LRUCache({ max: options.maxDocuments ?? 5_000, ttl: Math.max(this.ttlMs, 1) });
  }

  private isFresh(at: number): boolean {
    return this.ttlMs > 0 && Date.now() - at < this.ttlMs;
  }

  /**
   * Reads through `call`; `fresh` re-reads the listing and every text it needs instead of
   * answering from the caches (what it reads still refreshes them).
   */
  reader(call: ToolCaller, fresh = false): LegacyReader {
    return {
      listing: () => this.listing(call, fresh),
      get: (input) => this.get(call, input),
      documents: (paths) => this.documents(call, paths, fresh),
      // `documents` answers every path it is given (or throws), so the one asked for is there.
      document: async (path) => (await this.documents(call, [path], fresh))[0] as CorpusDocument,
      served: () => this.served(call, fresh),
    };
  }

  /** Every document's path, uri, title and frontmatter (legacy catalog, sort_by path, pages of 500). */
  async listing(call: ToolCaller, fresh = false): Promise<ShimIndex> {
    if (!fresh && this.listingCache && this.isFresh(this.listingCache.at)) return this.listingCache.index;
    const index = await loadShimIndex(call, this.kindMap);
    this.listingCache = { at: Date.now(), index };
    return index;
  }

  /** One legacy `get` by input (URI or path): the document, or the legacy miss. */
  async get(call: ToolCaller, input: string): Promise<CorpusDocument | LegacyMiss> {
    const result = resultOf(await call(toolNameFor("get"), { input }));
    if (typeof result === "object" && result !== null && !("content" in result)) {
      const miss = LegacyGetMissSchema.safeParse(result);
      if (miss.success) return { missing: true, path: miss.data.path, error: miss.data.error };
    }
    const got = parseLegacy(LegacyGetResultSchema, result, `oddkit_get ${input}`);
    // The contract's hash is sha256 of the file; a 0.28.x server sends its 31-bit string hash instead.
    const doc = documentFromFile(got.path, got.content, await sha256Hex(got.content), this.kindMap);
    if (this.ttlMs > 0) this.texts.set(doc.path, doc);
    return doc;
  }

  /** Full documents for paths of the listing, in order: cached ones free, the rest `concurrency` at a time. */
  async documents(call: ToolCaller, paths: readonly string[], fresh = false): Promise<CorpusDocument[]> {
    const out = new Array<CorpusDocument>(paths.length);
    const missing: number[] = [];
    paths.forEach((path, i) => {
      const hit = this.ttlMs > 0 && !fresh ? this.texts.get(path) : undefined;
      if (hit) out[i] = hit;
      else missing.push(i);
    });
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const i = missing[next++]!;
        const path = paths[i]!;
        const doc = await this.get(call, path);
        if ("missing" in doc) {
          throw new Error(
            `the legacy server lists '${path}' in its catalog but its get answers: ${doc.error}. The listing changed mid-request; retry.`,
          );
        }
        out[i] = doc;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, missing.length) }, worker));
    return out;
  }

  /** The whole corpus rebuilt from legacy texts, with the reference BM25 index (search, preflight). */
  async served(call: ToolCaller, fresh = false): Promise<ServedCorpus> {
    const listing = await this.listing(call, fresh);
    if (this.servedCache?.listing === listing) return this.servedCache.served;
    const documents = await this.documents(
      call,
      listing.documents.map((d) => d.path),
      fresh,
    );
    const byUri = new Map<string, CorpusDocument>();
    const byPath = new Map<string, CorpusDocument>();
    for (const doc of documents) {
      byPath.set(doc.path, doc);
      if (!byUri.has(doc.uri)) byUri.set(doc.uri, doc);
    }
    const corpus: Corpus = {
      root: "",
      kindMap: this.kindMap,
      kindMapSource: { from: "option" },
      documents,
      skipped: [],
      warnings: [],
      byUri,
      byPath,
      revision: "",
    };
    const served = servedCorpus(corpus, new SearchIndex(documents));
    this.servedCache = { listing, served };
    return served;
  }

  clear(): void {
    this.listingCache = null;
    this.servedCache = null;
    this.texts.clear();
  }
}
