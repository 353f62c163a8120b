/**
 * The forward shim (new code, old server): the whole retrieval contract
 * computed locally from a pre-contract server's legacy calls. Requests are
 * validated by the contract core (both error envelopes, caps, default
 * include); listings come from the legacy path-ordered catalog; filters,
 * kinds, ordering, `total`, `position` and disclosure projection are
 * applied here; ranking (search, preflight) rebuilds the corpus from legacy
 * texts and runs the reference server's own BM25 index, snippet and bundle
 * rules over it. Every answer is the JSON envelope a contract server would
 * send, plus what it cost in legacy calls.
 */

import {
  ACTION_TOOLS,
  ACTIONS,
  type Action,
  actionForTool,
  buildManyResult,
  type ErrorEnvelope,
  type Flag,
  matchesFilters,
  mergeLegacyFields,
  notFoundError,
  pickFilters,
  type ResolvedRequest,
  supersessionError,
  UNIFIED_TOOL,
  validateRequest,
} from "../../contract/index.js";
import type { CorpusDocument } from "../../corpus/types.js";
import { legacyArticle, legacyCatalogResult } from "../../legacy/catalog.js";
import { legacyDocument } from "../../legacy/documents.js";
import { legacyContentHash, readLegacyFrontmatter } from "../../legacy/frontmatter.js";
import { type LegacyIndex, legacyPathForInput, walkSupersession } from "../../legacy/lookup.js";
import { legacyResolveResult } from "../../legacy/resolve.js";
import { legacyMetadata } from "../../legacy/text.js";
import { preflightAction, searchAction } from "../../server/contract-actions.js";
import { entryFor } from "../../server/entries.js";
import { comparePaths, newestFirst } from "../../server/order.js";
import type { ShimIndex } from "./documents.js";
import { CostMeter, type ShimCost, type ToolCaller } from "./legacy-caller.js";
import { type LegacyReader, LegacySource, type LegacySourceOptions } from "./source.js";

/** What the shim answers for one contract tool call. */
export interface EmulatedAnswer {
  /** The envelope a contract server would send: `{action, result, assistant_text, debug}`. */
  readonly envelope: {
    action: string;
    result: Record<string, unknown>;
    assistant_text: string;
    debug: unknown;
  };
  /** The same envelope as the JSON text of the MCP content item. */
  readonly text: string;
  readonly isError: boolean;
  /** Legacy calls made to compute it (0 when everything came from the cache or the request was refused locally). */
  readonly cost: ShimCost;
}

export type ForwardShimOptions = LegacySourceOptions;

/** Per-call options of `ForwardShim.answer`. */
export interface AnswerOptions {
  /** Abort: no further legacy call is made once it fires, and the answer rejects with its reason. */
  readonly signal?: AbortSignal;
  /** Answer from fresh legacy reads, not from the shim's listing and text caches. */
  readonly fresh?: boolean;
}

/** Listing documents are what the legacy lookups read (path, uri, frontmatter); no text is needed. */
function asLookupIndex(index: ShimIndex): LegacyIndex {
  return index as unknown as LegacyIndex;
}

/**
 * Where the legacy server holds each flag's value: in the catalog listing
 * (frontmatter) or only in the document's text (one legacy get per page
 * document). Typed by the flag table: a new flag fails to compile here.
 */
const FLAG_SOURCE: { readonly [F in Flag]: "listing" | "text" } = {
  blockquote: "text",
  metadata: "listing",
  summary: "text",
  body: "text",
};

type Outcome = { result: Record<string, unknown>; isError: boolean; text: string };

const ZERO_COST: ShimCost = { calls: 0, bytes: 0, tokens: 0 };

export class ForwardShim {
  readonly source: LegacySource;

  constructor(
    private readonly caller: ToolCaller,
    options: ForwardShimOptions = {},
  ) {
    this.source = new LegacySource(options);
  }

  /** Answer a contract tool call (`oddkit_<action>`, or `oddkit` with `action`) from legacy calls. */
  async callTool(name: string, args: Record<string, unknown> = {}): Promise<EmulatedAnswer> {
    let action: Action | undefined = actionForTool(name) ?? undefined;
    let params = args;
    if (name === UNIFIED_TOOL) {
      const { action: requested, ...rest } = args;
      action = ACTIONS.find((a) => a === requested);
      params = rest;
    }
    if (action === undefined) {
      throw new TypeError(
        `the forward shim answers the retrieval tools (${Object.keys(ACTION_TOOLS).join(", ")}, or ${UNIFIED_TOOL} with one of their actions), not '${name}'; call other tools on the server directly`,
      );
    }
    return this.call(action, params);
  }

  /** Validate wire parameters as a contract server does, then answer (a refusal costs no legacy call). */
  async call(action: Action, wireParams: Record<string, unknown>): Promise<EmulatedAnswer> {
    const validation = validateRequest(action, wireParams);
    if (validation.ok) return this.answer(validation.request);
    const { error } = validation;
    return this.envelope(
      action,
      { result: { ...error }, isError: true, text: error.error_message },
      ZERO_COST,
    );
  }

  /**
   * Answer a request the contract core has already validated. `signal` stops
   * the legacy calls still to be made; `fresh` re-reads the listing and texts
   * instead of answering from the shim's caches (the caller's `cache: false`).
   */
  async answer(req: ResolvedRequest, options: AnswerOptions = {}): Promise<EmulatedAnswer> {
    const meter = new CostMeter(this.caller, options.signal);
    const outcome = await this.run(req, this.source.reader(meter.call, options.fresh === true));
    return this.envelope(req.action, outcome, meter.cost());
  }

  private envelope(action: Action, outcome: Outcome, cost: ShimCost): EmulatedAnswer {
    const envelope = {
      action,
      result: outcome.result,
      assistant_text: outcome.text,
      debug: { emulated_by: "oddkit-sdk forward shim", legacy_calls: cost.calls },
    };
    return { envelope, text: JSON.stringify(envelope, null, 2), isError: outcome.isError, cost };
  }

  /** One emulation per action: a new action that lacks one fails to compile here. */
  private readonly handlers: {
    readonly [A in Action]: (req: ResolvedRequest<A>, read: LegacyReader) => Promise<Outcome>;
  } = {
    catalog: (req, read) => this.catalog(req, read),
    search: (req, read) => this.search(req, read),
    preflight: (req, read) => this.preflight(req, read),
    get: (req, read) => this.get(req, read),
    resolve: (req, read) => this.resolve(req, read),
  };

  private run(req: ResolvedRequest, read: LegacyReader): Promise<Outcome> {
    // The request's action and its resolved request correlate; TypeScript cannot see that through an index.
    const handler = this.handlers[req.action] as (r: ResolvedRequest, read: LegacyReader) => Promise<Outcome>;
    return handler(req, read);
  }

  private async catalog(req: ResolvedRequest<"catalog">, read: LegacyReader): Promise<Outcome> {
    const listing = await read.listing();
    const filters = pickFilters(req.params);
    const sortBy = req.params.sort_by ?? "path";
    // One entry per URI: a second file declaring a listed URI stays reachable by path only.
    const matching = listing.documents.filter(
      (d) => listing.byUri.get(d.uri) === d && matchesFilters(d, filters),
    );
    const sorted = [...matching].sort(sortBy === "date" ? newestFirst : comparePaths);
    const page = sorted.slice(req.offset, req.offset + req.limit);
    // Flags read from the text need each page document's text; so does a title the frontmatter leaves blank.
    const needText =
      req.disclosure.some((f) => FLAG_SOURCE[f] === "text") || page.some((d) => d.titleNeedsText);
    const docs: readonly { uri: string; title: string; frontmatter: object }[] = needText
      ? await read.documents(page.map((d) => d.path))
      : page;
    const data = docs.map((doc, i) =>
      entryFor("catalog", req.disclosure, doc as CorpusDocument, { position: req.offset + i + 1 }),
    );
    let result = buildManyResult(req, data, matching.length) as Record<string, unknown>;
    if (req.legacyEnvelope) {
      // As a window server: 0.28.x's catalog over the filtered documents (read its way), paged alike.
      // Legacy titles of documents without a frontmatter title come from their text.
      // Rollup order is the served corpus's (code-unit path order), not the legacy listing's locale order.
      const full = await read.documents([...matching].sort(comparePaths).map((d) => d.path));
      const legacyDocs = full.map(legacyDocument);
      const sortOrder = req.params.sort_by;
      const legacy =
        sortOrder === "path" || sortOrder === "date"
          ? legacyCatalogResult(legacyDocs, { sort_by: sortOrder, limit: req.limit, offset: req.offset })
          : legacyCatalogResult(legacyDocs);
      result = mergeLegacyFields("catalog", result, legacy);
    }
    return { result, isError: false, text: `Catalog by ${sortBy}: ${matching.length} documents matched.` };
  }

  // Ranking runs over the corpus rebuilt from legacy texts: the reference server's own actions answer.
  private async search(req: ResolvedRequest<"search">, read: LegacyReader): Promise<Outcome> {
    const { result } = searchAction(await read.served(), req, req.legacyEnvelope);
    return {
      result,
      isError: false,
      text: `Search "${req.params.input}": ${result.total} documents matched.`,
    };
  }

  private async preflight(req: ResolvedRequest<"preflight">, read: LegacyReader): Promise<Outcome> {
    const { result } = preflightAction(await read.served(), req, req.legacyEnvelope);
    return { result, isError: false, text: `Preflight "${req.params.input}": ${result.total} documents.` };
  }

  /** The document a get/resolve input names: legacy get first, then a declared URI from the listing. */
  private async find(read: LegacyReader, input: string): Promise<CorpusDocument | null> {
    const direct = await read.get(input);
    if (!("missing" in direct)) return direct;
    const listing = await read.listing();
    const declared = listing.byUri.get(input);
    if (!declared) return null;
    const [doc] = await read.documents([declared.path]);
    return doc ?? null;
  }

  private async get(req: ResolvedRequest<"get">, read: LegacyReader): Promise<Outcome> {
    const doc = await this.find(read, req.params.input);
    if (!doc) return errorOutcome(notFoundError("get", req.params.input));
    const data = entryFor("get", req.disclosure, doc, { content_hash: doc.contentHash });
    let result: Record<string, unknown> = { status: "FOUND", data, disclosure_applied: req.disclosure };
    if (req.legacyEnvelope) {
      // As a window server writes them: 0.28.x's string hash and its reader's frontmatter.
      const legacy: Record<string, unknown> = {
        path: doc.path,
        content: doc.raw,
        content_hash: legacyContentHash(doc.raw),
      };
      const metadata = req.disclosure.includes("metadata")
        ? (readLegacyFrontmatter(doc.raw) ?? undefined)
        : undefined;
      if (metadata) legacy.metadata = metadata;
      result = mergeLegacyFields("get", result, legacy);
    }
    return { result, isError: false, text: `${doc.title} (${doc.uri})` };
  }

  private async resolve(req: ResolvedRequest<"resolve">, read: LegacyReader): Promise<Outcome> {
    const input = req.params.input;
    const listing = asLookupIndex(await read.listing());
    const start = listing.byPath.get(legacyPathForInput(input, listing)) ?? listing.byUri.get(input);
    if (!start) return errorOutcome(notFoundError("resolve", input));
    const walk = walkSupersession(start, listing);
    if (walk.outcome === "circular") {
      return errorOutcome(supersessionError("CIRCULAR_SUPERSESSION", input, walk.chain));
    }
    if (walk.outcome === "dangling") {
      return errorOutcome(
        supersessionError("DANGLING_SUPERSESSION", input, [...walk.chain, { uri: walk.missing }]),
      );
    }
    const [doc] = await read.documents([walk.doc.path]);
    if (!doc) return errorOutcome(notFoundError("resolve", input));
    const data = entryFor("resolve", req.disclosure, doc, {
      content_hash: doc.contentHash,
      supersession_chain: walk.chain,
    });
    let result: Record<string, unknown> = { status: "FOUND", data, disclosure_applied: req.disclosure };
    if (req.legacyEnvelope) {
      // The listing has no content hashes: the resolved document answers with its fetched text.
      const index: LegacyIndex = {
        documents: listing.documents,
        byUri: new Map([...listing.byUri, [doc.uri, legacyDocument(doc)]]),
        byPath: new Map([...listing.byPath, [doc.path, legacyDocument(doc)]]),
      };
      result = mergeLegacyFields("resolve", result, legacyResolveResult(index, input));
    }
    return { result, isError: false, text: `Resolved ${input} → ${doc.uri}.` };
  }
}

function errorOutcome(error: ErrorEnvelope): Outcome {
  return { result: { ...error }, isError: true, text: error.error_message };
}
