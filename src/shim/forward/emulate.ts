/**
 * The forward shim (new code, old server): the whole retrieval contract
 * computed locally from a pre-contract server's legacy calls. Requests are
 * validated by the contract core (both error envelopes, caps, default
 * include). The answers are the reference server's own action steps
 * (src/server/contract-actions.ts): catalog and resolve run its filter/page,
 * lookup and supersession steps over the legacy path-ordered catalog listing,
 * then its render steps over the few texts fetched by legacy get; get finds
 * its document by legacy get; search and preflight run the whole server
 * action over the corpus rebuilt from legacy texts. What is decided here is
 * only which legacy reads an answer needs. Every answer is the JSON envelope
 * a contract server would send, plus what it cost in legacy calls.
 */

import {
  ACTION_TOOLS,
  ACTIONS,
  type Action,
  actionForTool,
  type Flag,
  notFoundError,
  type ResolvedRequest,
  UNIFIED_TOOL,
  validateRequest,
} from "../../contract/index.js";
import type { CorpusDocument } from "../../corpus/types.js";
import { legacyDocument, legacyView } from "../../legacy/documents.js";
import type { LegacyIndex } from "../../legacy/lookup.js";
import {
  catalogOutcome,
  catalogPage,
  getOutcome,
  preflightAction,
  resolveOutcome,
  searchAction,
} from "../../server/contract-actions.js";
import type { DisclosableDocument } from "../../server/entries.js";
import { resolveDocument } from "../../server/lookup.js";
import { type Listing, listingOf } from "../../server/order.js";
import type { ActionOutcome } from "../../server/state.js";
import type { ShimDocument, ShimIndex } from "./documents.js";
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

const listings = new WeakMap<ShimIndex, Listing<ShimDocument>>();

/** The catalog's listing of a legacy listing (one per URI, both orders), built once per listing read. */
function listingFor(index: ShimIndex): Listing<ShimDocument> {
  let listing = listings.get(index);
  if (!listing) {
    listing = listingOf(index.documents, index.byUri);
    listings.set(index, listing);
  }
  return listing;
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
      { result: { ...error }, isError: true, assistantText: error.error_message },
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

  private envelope(action: Action, outcome: ActionOutcome, cost: ShimCost): EmulatedAnswer {
    const envelope = {
      action,
      result: outcome.result,
      assistant_text: outcome.assistantText,
      debug: { emulated_by: "oddkit-sdk forward shim", legacy_calls: cost.calls },
    };
    return { envelope, text: JSON.stringify(envelope, null, 2), isError: outcome.isError, cost };
  }

  /** One emulation per action: a new action that lacks one fails to compile here. */
  private readonly handlers: {
    readonly [A in Action]: (req: ResolvedRequest<A>, read: LegacyReader) => Promise<ActionOutcome>;
  } = {
    catalog: (req, read) => this.catalog(req, read),
    search: (req, read) => this.search(req, read),
    preflight: (req, read) => this.preflight(req, read),
    get: (req, read) => this.get(req, read),
    resolve: (req, read) => this.resolve(req, read),
  };

  private run(req: ResolvedRequest, read: LegacyReader): Promise<ActionOutcome> {
    // The request's action and its resolved request correlate; TypeScript cannot see that through an index.
    const handler = this.handlers[req.action] as (
      r: ResolvedRequest,
      read: LegacyReader,
    ) => Promise<ActionOutcome>;
    return handler(req, read);
  }

  // The server's filter/page and render steps over the legacy listing; only the texts they need are fetched.
  private async catalog(req: ResolvedRequest<"catalog">, read: LegacyReader): Promise<ActionOutcome> {
    const { page, total, matching } = catalogPage(listingFor(await read.listing()), req);
    // Flags read from the text need each page document's text; so does a title the frontmatter leaves blank.
    const needText =
      req.disclosure.some((f) => FLAG_SOURCE[f] === "text") || page.some((d) => d.titleNeedsText);
    // Without text a listing document offers only what FLAG_SOURCE places in the listing: all these flags ask for.
    const docs = needText
      ? await read.documents(page.map((d) => d.path))
      : (page as unknown as readonly DisclosableDocument[]);
    // As a window server: 0.28.x's catalog over every match, read its way from the fetched texts.
    const legacy = req.legacyEnvelope ? await read.documents(matching().map((d) => d.path)) : undefined;
    return catalogOutcome(req, docs, total, legacy);
  }

  // Ranking runs over the corpus rebuilt from legacy texts: the reference server's own actions answer.
  private async search(req: ResolvedRequest<"search">, read: LegacyReader): Promise<ActionOutcome> {
    return searchAction(await read.served(), req, req.legacyEnvelope);
  }

  private async preflight(req: ResolvedRequest<"preflight">, read: LegacyReader): Promise<ActionOutcome> {
    return preflightAction(await read.served(), req, req.legacyEnvelope);
  }

  /**
   * The document a get input names. Not the server's findDocument over the listing: a legacy
   * get applies that same path rule over every file it serves (src/legacy/get.ts), the listing
   * only holds the indexed folders; a declared URI the path rule misses comes from the listing.
   */
  private async find(read: LegacyReader, input: string): Promise<CorpusDocument | undefined> {
    const direct = await read.get(input);
    if (!("missing" in direct)) return direct;
    const declared = (await read.listing()).byUri.get(input);
    if (!declared) return undefined;
    const [doc] = await read.documents([declared.path]);
    return doc;
  }

  private async get(req: ResolvedRequest<"get">, read: LegacyReader): Promise<ActionOutcome> {
    const doc = await this.find(read, req.params.input);
    // As a window server: 0.28.x's get of the document, read its way (string hash, its frontmatter reader).
    const legacy = req.legacyEnvelope && doc ? legacyView({ documents: [doc] }) : undefined;
    return getOutcome(req, doc, legacy);
  }

  // The server's resolution over the listing (uri and frontmatter are all a walk reads); then the one text it needs.
  private async resolve(req: ResolvedRequest<"resolve">, read: LegacyReader): Promise<ActionOutcome> {
    const listing = await read.listing();
    const found = resolveDocument(listing, req.params.input);
    if (!found.ok) return resolveOutcome(req, found);
    const [doc] = await read.documents([found.doc.path]);
    if (!doc) return resolveOutcome(req, { ok: false, error: notFoundError("resolve", req.params.input) });
    let legacy: LegacyIndex | undefined;
    if (req.legacyEnvelope) {
      // The listing has no content hashes: the resolved document answers with its fetched text.
      const index = listing as unknown as LegacyIndex;
      legacy = {
        documents: index.documents,
        byUri: new Map([...index.byUri, [doc.uri, legacyDocument(doc)]]),
        byPath: new Map([...index.byPath, [doc.path, legacyDocument(doc)]]),
      };
    }
    return resolveOutcome(req, { ok: true, doc, chain: found.chain }, legacy);
  }
}
