/**
 * The decided view: what a legacy-mode server would have answered had the
 * migration decisions been true of the world (codemods/migrate/decisions.ts).
 * Under a decision the migrated code deliberately behaves differently from the
 * original; the harness does not mask those differences, it predicts them: the
 * ORIGINAL code run against the decided legacy server must return exactly what
 * the MIGRATED code returns against the contract server. Anything else is an
 * undeclared difference.
 *
 * Each decision value is one transform of a legacy answer, using both
 * reference servers over the same corpus for lookups (the legacy one for its
 * own complete listings, the contract one for URIs, bodies, hashes, errors and
 * orders), never a table written by hand.
 */
import { stringify as yamlStringify } from "yaml";
import type { DecisionChoices, DecisionName } from "../../../codemods/migrate/decisions.js";
import { FLAG_CAPS, KINDS } from "../../../src/contract/index.js";
import { pathForKlappyUri } from "../../../src/contract/uris.js";
import {
  LEGACY_CATALOG_MAX_LIMIT,
  type LegacyCallParams,
  type LegacyRetrievalAction,
  legacyCategories,
  legacyPathOrder,
  legacyRoute,
  parseLegacyParams,
} from "../../../src/legacy/index.js";
import type { ToolResult } from "../../../src/server/dispatch.js";
import type { ReferenceServer } from "../../../src/server/index.js";

type Json = Record<string, unknown>;

/** One legacy tool call and the `result` the legacy server gave it. */
export interface LegacyAnswer {
  readonly name: string;
  readonly args: Json;
  readonly action: Exclude<LegacyRetrievalAction, "version">;
  readonly params: LegacyCallParams;
  readonly result: Json;
}

const EVERY_KIND = [...KINDS];

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

/** The path a URI names under `paths=uri`: the klappy:// rule, else the URI itself. */
export const derivedPath = (uri: string): string => pathForKlappyUri(uri) ?? uri;

async function resultOf(server: ReferenceServer, name: string, args: Json): Promise<Json> {
  const reply = await server.callTool(name, args);
  return JSON.parse(reply.content[0]!.text).result as Json;
}

interface ListedArticle extends Json {
  path: string;
  uri: string;
  metadata: Json;
}

/** Lookups over the two servers of one corpus, each asked once. */
export class DecidedWorld {
  private readonly memo = new Map<string, Promise<unknown>>();
  constructor(
    readonly legacy: ReferenceServer,
    readonly contract: ReferenceServer,
  ) {}

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = work();
      this.memo.set(key, p);
    }
    return p;
  }

  /** The contract's get answer for what a legacy get was asked (the contract reads paths and URIs alike). */
  contractGet(input: string): Promise<Json> {
    return this.once(`get ${input}`, () => resultOf(this.contract, "oddkit_get", { input }));
  }

  contractResolve(input: string): Promise<Json> {
    return this.once(`resolve ${input}`, () => resultOf(this.contract, "oddkit_resolve", { input }));
  }

  /** Every article of a legacy catalog request, all pages joined (from offset 0). */
  legacyListing(name: string, args: Json): Promise<ListedArticle[]> {
    const { offset: _o, limit: _l, ...rest } = args;
    return this.once(`legacy ${name} ${JSON.stringify(rest)}`, async () => {
      const all: ListedArticle[] = [];
      for (let offset = 0; ; offset += LEGACY_CATALOG_MAX_LIMIT) {
        const page = await resultOf(this.legacy, name, { ...rest, limit: LEGACY_CATALOG_MAX_LIMIT, offset });
        all.push(...((page.articles as ListedArticle[] | undefined) ?? []));
        if (!(page.pagination as { has_more?: boolean } | undefined)?.has_more) return all;
      }
    });
  }

  /** Every document the legacy index lists (its complete path listing). */
  legacyIndex(): Promise<ListedArticle[]> {
    return this.legacyListing("oddkit_catalog", { sort_by: "path" });
  }

  async uriOfLegacyPath(path: string): Promise<string | undefined> {
    return (await this.legacyIndex()).find((a) => a.path === path)?.uri;
  }

  /** The contract's metadata of every document, by URI (a metadata listing over every kind, all pages). */
  contractMetadata(): Promise<Map<string, Json>> {
    return this.once("contract metadata", async () => {
      const byUri = new Map<string, Json>();
      for (let offset = 0; ; offset += FLAG_CAPS.metadata) {
        const page = await resultOf(this.contract, "oddkit_catalog", {
          include: EVERY_KIND,
          disclosure: ["metadata"],
          limit: FLAG_CAPS.metadata,
          offset,
        });
        const data = page.data as { uri: string; metadata: Json }[];
        for (const d of data) byUri.set(d.uri, d.metadata);
        if (data.length === 0 || offset + data.length >= (page.total as number)) return byUri;
      }
    });
  }

  /** URIs of a contract catalog over every kind, all pages, in the contract's order. */
  contractListing(args: Json): Promise<string[]> {
    return this.once(`contract ${JSON.stringify(args)}`, async () => {
      const uris: string[] = [];
      for (let offset = 0; ; offset += LEGACY_CATALOG_MAX_LIMIT) {
        const page = await resultOf(this.contract, "oddkit_catalog", {
          include: EVERY_KIND,
          ...args,
          limit: LEGACY_CATALOG_MAX_LIMIT,
          offset,
        });
        if (page.status === "ERROR") throw new Error(`decided view: contract catalog ${page.error_message}`);
        const data = page.data as { uri: string }[];
        uris.push(...data.map((d) => d.uri));
        if (data.length === 0 || offset + data.length >= (page.total as number)) return uris;
      }
    });
  }
}

/** One decision value: the legacy answer as it would read had the decision been true of the world. */
export type DecidedTransform = (answer: LegacyAnswer, world: DecidedWorld) => Promise<Json>;

const unchanged: DecidedTransform = async (answer) => answer.result;

/** Order `items` by their URI's position in `uris`; items it lacks keep their relative order, after the rest. */
function byPosition<T extends { uri: string }>(items: readonly T[], uris: readonly string[]): T[] {
  const at = new Map(uris.map((u, i) => [u, i]));
  const rank = (t: T) => at.get(t.uri) ?? Number.MAX_SAFE_INTEGER;
  return [...items].sort((a, b) => rank(a) - rank(b));
}

/** paths=uri: every repository path a legacy answer carries becomes the path its document's URI names. */
const pathsUri: DecidedTransform = async ({ action, params, result }, world) => {
  const out = clone(result);
  const fromPath = async (path: unknown) => {
    if (typeof path !== "string") return path;
    const uri = await world.uriOfLegacyPath(path);
    return uri === undefined ? path : derivedPath(uri);
  };
  const entries = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const e of list)
      if (isObject(e) && typeof e.uri === "string" && "path" in e) e.path = derivedPath(e.uri);
  };
  switch (action) {
    case "catalog":
      entries(out.articles);
      if (Array.isArray(out.start_here)) out.start_here = await Promise.all(out.start_here.map(fromPath));
      break;
    case "search": {
      const before = new Map<string, string>();
      for (const list of [out.hits, out.overlay_hits, out.baseline_hits])
        if (Array.isArray(list)) for (const h of list as ListedArticle[]) before.set(h.path, h.uri);
      entries(out.hits);
      entries(out.overlay_hits);
      entries(out.baseline_hits);
      // Evidence cites `<path>#<title>`: the path part is a hit's path too.
      if (Array.isArray(out.evidence)) {
        for (const e of out.evidence as Json[]) {
          if (typeof e.citation !== "string") continue;
          const hash = e.citation.indexOf("#");
          const path = hash < 0 ? e.citation : e.citation.slice(0, hash);
          const uri = before.get(path) ?? (await world.uriOfLegacyPath(path));
          if (uri !== undefined) e.citation = derivedPath(uri) + e.citation.slice(path.length);
        }
      }
      break;
    }
    case "get": {
      // get's result has no uri: the document is the one the request named, as the contract reads it.
      if (!("content" in out)) break;
      const found = await world.contractGet(params.input ?? "");
      const data = found.data as { uri?: string } | undefined;
      if (data?.uri) out.path = derivedPath(data.uri);
      break;
    }
    case "resolve":
      if (isObject(out.resolved) && typeof out.resolved.uri === "string")
        out.resolved.path = derivedPath(out.resolved.uri);
      break;
    case "preflight":
      if (Array.isArray(out.start_here)) out.start_here = await Promise.all(out.start_here.map(fromPath));
      if (Array.isArray(out.constraints)) out.constraints = await Promise.all(out.constraints.map(fromPath));
      if (typeof out.dod === "string") out.dod = await fromPath(out.dod);
      break;
  }
  return out;
};

/** listings=complete: a catalog listing is not cut; search keeps its 5 hits (an explicit `limit: 5` is exact). */
const listingsComplete: DecidedTransform = async ({ name, args, action, params, result }, world) => {
  if (action !== "catalog" || !Array.isArray(result.articles)) return result;
  const out = clone(result);
  let all: ListedArticle[] = await world.legacyListing(name, args);
  if (params.sort_by === "date" && !params.filter_epoch) {
    // The legacy date listing held only documents with frontmatter: the others follow in the contract's order.
    const listed = new Set(all.map((a) => a.uri));
    const missing = (await world.legacyIndex()).filter((a) => !listed.has(a.uri));
    all = [...all, ...byPosition(missing, await world.contractListing({ sort_by: "date" }))];
  }
  const pagination = out.pagination as { offset: number; limit: number };
  out.articles = clone(all.slice(pagination.offset));
  out.pagination = {
    offset: pagination.offset,
    limit: pagination.limit,
    total_candidates: all.length,
    has_more: false,
  };
  return out;
};

/** order=resort: a path listing in the legacy order over its (decided) paths. */
const orderResort: DecidedTransform = async ({ action, params, result }) => {
  if (action !== "catalog" || params.sort_by !== "path" || !Array.isArray(result.articles)) return result;
  const out = clone(result);
  out.articles = [...(out.articles as ListedArticle[])].sort(legacyPathOrder);
  return out;
};

/** order=contract: a listing in the contract's order for the same request (by URI). */
const orderContract: DecidedTransform = async ({ action, params, result }, world) => {
  if (action !== "catalog" || !Array.isArray(result.articles)) return result;
  const out = clone(result);
  const order = await world.contractListing(params.sort_by === "date" ? { sort_by: "date" } : {});
  out.articles = byPosition(out.articles as ListedArticle[], order);
  return out;
};

/** The contract get answer of a found legacy get (null for a miss or a section). */
async function contractDocument(answer: LegacyAnswer, world: DecidedWorld): Promise<Json | null> {
  if (answer.action !== "get" || !("content" in answer.result)) return null;
  const found = await world.contractGet(answer.params.input ?? "");
  return isObject(found.data) ? found.data : null;
}

/** content=body: get's content is the contract's body (no frontmatter). A section is already body text. */
const contentBody: DecidedTransform = async (answer, world) => {
  const data = await contractDocument(answer, world);
  if (!data || "section" in answer.result) return answer.result;
  return { ...clone(answer.result), content: data.body };
};

/**
 * content=markdown: get's content reassembled as `---` YAML `---` + body, the YAML written by the
 * `yaml` package from the contract's metadata (the engine's helper is held to this same definition).
 */
const contentMarkdown: DecidedTransform = async (answer, world) => {
  if (answer.action !== "get" || !("content" in answer.result) || "section" in answer.result)
    return answer.result;
  const found = await world.contractGet(answer.params.input ?? "");
  const withMetadata = (await resultOf(world.contract, "oddkit_get", {
    input: answer.params.input ?? "",
    disclosure: ["body", "metadata"],
  })) as { data?: { body?: string; metadata?: Json } };
  const body = withMetadata.data?.body ?? (found.data as Json | undefined)?.body;
  const metadata = withMetadata.data?.metadata ?? {};
  const content =
    Object.keys(metadata).length > 0 ? `---\n${yamlStringify(metadata)}---${String(body)}` : body;
  return { ...clone(answer.result), content };
};

/** hash=contract: every content_hash is the contract's (the revision identity of that document). */
const hashContract: DecidedTransform = async (answer, world) => {
  const out = clone(answer.result);
  if (answer.action === "get" && "content_hash" in out) {
    const data = await contractDocument(answer, world);
    if (data) out.content_hash = data.content_hash;
  }
  if (answer.action === "resolve" && isObject(out.resolved) && typeof out.resolved.uri === "string") {
    const found = await world.contractGet(out.resolved.uri);
    if (isObject(found.data)) out.resolved.content_hash = found.data.content_hash;
  }
  return out;
};

/**
 * errors=contract: a legacy miss carries the contract's error for the same request — get's `error`
 * string becomes the contract's error_message; resolve's `status` becomes the contract's, and the
 * legacy text beside it (`warning`, `error`, `message`) its error_message.
 */
const errorsContract: DecidedTransform = async ({ action, params, result }, world) => {
  const out = clone(result);
  if (action === "get" && typeof out.error === "string" && !("available_sections" in out)) {
    const contract = await world.contractGet(params.input ?? "");
    if (typeof contract.error_message === "string") out.error = contract.error_message;
  }
  if (action === "resolve" && typeof out.status === "string") {
    const contract = await world.contractResolve(params.input ?? "");
    if (contract.status !== "FOUND" && typeof contract.status === "string") {
      out.status = contract.status;
      for (const field of ["warning", "error", "message"])
        if (field in out) out[field] = contract.error_message;
    }
  }
  return out;
};

/**
 * rollups=compute: start_here is the contract's `start_here: true` listing (as legacy paths, so
 * `paths` applies to it as to every path); categories are computed the legacy way (every tag, first
 * seen) over the complete listing the migrated code reads: the contract's, in its order, with its
 * metadata.
 */
const rollupsCompute: DecidedTransform = async ({ action, result }, world) => {
  if (action !== "catalog") return result;
  const out = clone(result);
  const index = await world.legacyIndex();
  if ("start_here" in out) {
    const pathOf = new Map(index.map((a) => [a.uri, a.path]));
    const uris = await world.contractListing({ start_here: true });
    out.start_here = uris.map((uri) => pathOf.get(uri) ?? derivedPath(uri));
  }
  if ("categories" in out) {
    // The rewrite reads each entry's contract metadata (it is made only with frontmatter=contract).
    const metadata = await world.contractMetadata();
    const listed = await world.contractListing({});
    out.categories = [
      ...legacyCategories(
        listed.map((uri) => ({ frontmatter: (metadata.get(uri) ?? {}) as Record<string, unknown> })),
      ).keys(),
    ];
  }
  return out;
};

/** rollups=remove: the migrated code has no rollups to read. */
const rollupsRemove: DecidedTransform = async ({ action, result }) => {
  if (action !== "catalog") return result;
  const { start_here: _s, categories: _c, ...rest } = result;
  return rest;
};

/** frontmatter=contract: every listed entry's metadata is the contract's (YAML as written). */
const frontmatterContract: DecidedTransform = async ({ action, result }, world) => {
  const list = action === "catalog" ? "articles" : action === "search" ? "hits" : null;
  if (!list || !Array.isArray(result[list])) return result;
  const metadata = await world.contractMetadata();
  const out = clone(result);
  for (const entry of out[list] as { uri: string; metadata?: Json }[])
    if (entry.metadata !== undefined && metadata.has(entry.uri))
      entry.metadata = clone(metadata.get(entry.uri));
  return out;
};

/** Every value of every decision (decisions.ts): a value added there without a transform here fails the test. */
export const DECIDED_TRANSFORMS: Readonly<Record<DecisionName, Readonly<Record<string, DecidedTransform>>>> =
  {
    paths: { uri: pathsUri },
    listings: { complete: listingsComplete, "explicit-limit": unchanged },
    order: { resort: orderResort, contract: orderContract },
    content: { body: contentBody, markdown: contentMarkdown },
    hash: { contract: hashContract },
    errors: { contract: errorsContract },
    rollups: { compute: rollupsCompute, remove: rollupsRemove },
    frontmatter: { contract: frontmatterContract },
  };

/**
 * The order transforms apply in: listings and rollups decide which documents an answer holds, paths
 * then what each is called, order sorts by those paths; the rest touch one field each.
 */
const APPLY_ORDER: readonly DecisionName[] = [
  "listings",
  "rollups",
  "paths",
  "order",
  "content",
  "hash",
  "errors",
  "frontmatter",
];

/** A legacy `result` under the decisions taken (a decision left out leaves its part as legacy had it). */
export async function decideAnswer(
  answer: LegacyAnswer,
  choices: DecisionChoices,
  world: DecidedWorld,
): Promise<Json> {
  let result = answer.result;
  for (const name of APPLY_ORDER) {
    const value = choices[name];
    if (value === undefined) continue;
    const transform = DECIDED_TRANSFORMS[name][value];
    if (!transform) throw new Error(`decided view: no transform for ${name}=${value}`);
    result = await transform({ ...answer, result }, world);
  }
  return result;
}

/** A legacy tool result under the decisions; refusals, errors and tools without a retrieval action pass as they are. */
export async function decideToolResult(
  name: string,
  rawArgs: unknown,
  reply: ToolResult,
  choices: DecisionChoices,
  world: DecidedWorld,
): Promise<ToolResult> {
  if (reply.isError) return reply;
  const args = isObject(rawArgs) ? { ...rawArgs } : {};
  const route = legacyRoute(name, args);
  if (!route.ok || route.action === "version") return reply;
  const parsed = parseLegacyParams(name, route.action, args);
  if (!parsed.ok) return reply;
  const text = reply.content[0]?.text;
  if (typeof text !== "string") return reply;
  const envelope = JSON.parse(text) as Json;
  if (!isObject(envelope.result) || envelope.action === "error") return reply;
  const result = await decideAnswer(
    { name, args, action: route.action, params: parsed.params, result: envelope.result },
    choices,
    world,
  );
  return { ...reply, content: [{ type: "text", text: JSON.stringify({ ...envelope, result }, null, 2) }] };
}

interface RpcMessage {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  params?: { name?: string; arguments?: unknown };
  result?: unknown;
}

/**
 * A server that answers every call as `legacy` does, then as the decisions say: `callTool` (the
 * runtime's stateless POSTs) and `fetch` (MCP sessions: tool results inside JSON or SSE bodies).
 * Closing it closes nothing: the two servers belong to the caller.
 */
export function createDecidedLegacyServer(
  legacy: ReferenceServer,
  contract: ReferenceServer,
  choices: DecisionChoices,
): ReferenceServer {
  const world = new DecidedWorld(legacy, contract);
  const decide = (name: string, args: unknown, reply: ToolResult) =>
    decideToolResult(name, args, reply, choices, world);

  async function rewriteMessage(message: unknown, calls: Map<unknown, RpcMessage>): Promise<unknown> {
    if (!isObject(message) || !isObject(message.result)) return message;
    const call = calls.get(message.id);
    if (!call) return message;
    const result = await decide(
      String(call.params?.name ?? ""),
      call.params?.arguments,
      message.result as ToolResult,
    );
    return { ...message, result };
  }

  async function fetchDecided(request: Request): Promise<Response> {
    if (request.method !== "POST") return legacy.fetch(request);
    let sent: unknown;
    try {
      sent = JSON.parse(await request.clone().text());
    } catch {
      return legacy.fetch(request);
    }
    const calls = new Map<unknown, RpcMessage>();
    for (const m of (Array.isArray(sent) ? sent : [sent]) as RpcMessage[])
      if (isObject(m) && m.method === "tools/call") calls.set(m.id, m);
    const response = await legacy.fetch(request);
    if (calls.size === 0) return response;
    const type = response.headers.get("content-type") ?? "";
    const text = await response.text();
    let body = text;
    if (type.includes("text/event-stream")) {
      const lines: string[] = [];
      for (const line of text.split("\n")) {
        if (!line.startsWith("data:")) {
          lines.push(line);
          continue;
        }
        const payload = line.slice("data:".length).trimStart();
        let message: unknown;
        try {
          message = JSON.parse(payload);
        } catch {
          lines.push(line);
          continue;
        }
        lines.push(`data: ${JSON.stringify(await rewriteMessage(message, calls))}`);
      }
      body = lines.join("\n");
    } else if (type.includes("json") && text.length > 0) {
      const parsed = JSON.parse(text) as unknown;
      const rewritten = Array.isArray(parsed)
        ? await Promise.all(parsed.map((m) => rewriteMessage(m, calls)))
        : await rewriteMessage(parsed, calls);
      body = JSON.stringify(rewritten);
    }
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  }

  return {
    ...legacy,
    async callTool(name, args = {}, meta = {}) {
      return decide(name, args, await legacy.callTool(name, args, meta));
    },
    fetch: fetchDecided,
    async close() {},
  };
}
