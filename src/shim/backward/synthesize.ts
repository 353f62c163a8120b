/**
 * Legacy (0.28.x) results synthesised from contract calls, built by the same
 * pure legacy builders the reference server's legacy mode uses
 * (`src/legacy/`), so that every field the contract can tell comes out
 * exactly as an old server would send it. What it cannot tell is listed in
 * LEGACY_COMPAT_DIFFERENCES.
 */
import { KINDS, toolNameFor, URI_SCHEME, VERSION_TOOL } from "../../contract/index.js";
import type { CorpusDocument } from "../../corpus/types.js";
import { ContractCallError } from "../../errors/index.js";
import { type LegacyCatalogOptions, legacyCatalogResult, legacyCatalogText } from "../../legacy/catalog.js";
import { legacyContentHash, readLegacyFrontmatter } from "../../legacy/frontmatter.js";
import {
  LEGACY_INDEXED_FOLDERS,
  legacyPathForInput,
  MAX_SUPERSESSION_DEPTH,
  type SupersessionStep,
} from "../../legacy/lookup.js";
import type { LegacyCallParams } from "../../legacy/params.js";
import { legacyPreflightResult, legacyPreflightText } from "../../legacy/preflight.js";
import { type LegacyResolveResult, legacyResolveText, legacyUrl } from "../../legacy/resolve.js";
import { legacySearchResult, legacySearchText, type RankedDocument } from "../../legacy/search.js";
import { extractSection } from "../../legacy/text.js";
import { resultOf, type ToolCaller } from "../forward/legacy-caller.js";
import { callContract, callMany, callOne } from "./contract-calls.js";
import { type ContractView, rebuildRaw } from "./contract-view.js";
import type { PathResolver } from "./paths.js";

export interface Synthesis {
  readonly result: Record<string, unknown>;
  readonly assistantText: string;
  /** Documents the legacy index would hold (debug.search_index_size). */
  readonly indexSize: number;
}

export { sha256Hex } from "../web-hash.js";

/** How a 0.28.x server scopes its index: its four folders, or everything when none of them exists. */
async function legacyScope(call: ToolCaller): Promise<{ size: number; filters: Record<string, unknown> }> {
  const inFolders = { include: [...KINDS], path_prefix: [...LEGACY_INDEXED_FOLDERS] };
  const folders = await callMany(call, toolNameFor("catalog"), { ...inFolders, disclosure: [], limit: 1 });
  if (folders.total > 0) return { size: folders.total, filters: inFolders };
  const all = await callMany(call, toolNameFor("catalog"), { include: [...KINDS], disclosure: [], limit: 1 });
  return { size: all.total, filters: { include: [...KINDS] } };
}

async function listedCount(call: ToolCaller): Promise<number> {
  return (await legacyScope(call)).size;
}

export async function synthesizeCatalog(
  call: ToolCaller,
  view: ContractView,
  params: LegacyCallParams,
): Promise<Synthesis> {
  const index = await view.index(call);
  const options: LegacyCatalogOptions = {
    sort_by: params.sort_by,
    limit: params.limit,
    offset: params.offset,
    filter_epoch: params.filter_epoch,
  };
  const result = legacyCatalogResult(index.documents, options);
  return {
    result: { ...result },
    assistantText: legacyCatalogText(index.documents, result, options),
    indexSize: index.documents.length,
  };
}

/** Legacy search: the top 5 of the contract's BM25 ranking over every kind, with legacy snippets and evidence. */
export async function synthesizeSearch(
  call: ToolCaller,
  view: ContractView,
  params: LegacyCallParams,
): Promise<Synthesis> {
  const input = params.input ?? "";
  const { size, filters } = await legacyScope(call);
  let ranked: RankedDocument[] = [];
  if (input.trim() !== "") {
    const hits = await callMany(call, toolNameFor("search"), {
      input,
      ...filters,
      disclosure: ["metadata"],
      limit: 5,
    });
    const resolver = view.resolver(call);
    const paths = await resolver.paths(
      hits.data.map((h) => ({
        uri: h.uri,
        title: h.title,
        declaredUri: (h.metadata as Record<string, unknown>)?.uri,
      })),
    );
    const listed = hits.data.map((h, i) => hitDocument(paths[i]!, h));
    const docs = await view.withText(call, listed);
    ranked = docs.map((doc, i) => ({ doc, score: Number(hits.data[i]!.score) }));
  }
  const result = legacySearchResult(ranked, {
    docsConsidered: size,
    include_metadata: params.include_metadata,
    result_grouping: params.result_grouping,
  });
  return { result: { ...result }, assistantText: legacySearchText(input, result, size), indexSize: size };
}

function hitDocument(
  path: string,
  hit: { uri: string; title: string; [k: string]: unknown },
): CorpusDocument {
  const frontmatter = (hit.metadata ?? {}) as Record<string, unknown>;
  return {
    path,
    uri: hit.uri,
    title: hit.title,
    frontmatter,
    blockquote: null,
    summary: null,
    body: "",
    raw: "",
    contentHash: "",
    kind: null,
    kindResolution: {
      kind: null,
      source: "none",
      pathKind: null,
      overridesPath: false,
      invalidDeclaredKind: undefined,
    },
    date: null,
  };
}

export async function synthesizeGet(
  call: ToolCaller,
  view: ContractView,
  params: LegacyCallParams,
): Promise<Synthesis> {
  const input = params.input ?? "";
  const size = await listedCount(call);
  // Only another scheme needs the index (its declared URI names the path); klappy:// and paths map directly.
  const needsIndex = input.includes("://") && !input.startsWith(URI_SCHEME);
  const byUri = needsIndex ? (await view.index(call)).byUri : new Map<string, CorpusDocument>();
  const path = legacyPathForInput(input, { byUri });
  const miss = (): Synthesis => ({
    result: { error: `Document not found: ${input}`, path },
    assistantText: `Document not found: \`${input}\`. Use action "search" or "catalog" to find available documents.`,
    indexSize: size,
  });
  let got: Awaited<ReturnType<typeof callOne>>;
  try {
    got = await callOne(call, toolNameFor("get"), { input: path, disclosure: ["body", "metadata"] });
  } catch (error) {
    if (error instanceof ContractCallError && error.envelope.error_code === "NOT_FOUND") return miss();
    throw error;
  }
  const frontmatter = (got.data.metadata ?? {}) as Record<string, unknown>;
  const raw = rebuildRaw(frontmatter, String(got.data.body ?? ""));
  // 0.28.x's own reading of the file (here: of the file rebuilt from the contract's frontmatter and body).
  const metadata = params.include_metadata ? (readLegacyFrontmatter(raw) ?? undefined) : undefined;
  if (params.section) {
    const found = extractSection(raw, params.section);
    if (!found.found) {
      return {
        result: {
          error: found.error,
          path,
          requested_section: params.section,
          available_sections: found.available_sections,
        },
        assistantText: `Section "${params.section}" not found in \`${input}\`. Available sections: ${
          found.available_sections.map((s) => `"${s}"`).join(", ") || "(none)"
        }`,
        indexSize: size,
      };
    }
    const result: Record<string, unknown> = {
      path,
      section: params.section,
      content: found.content,
      content_hash: legacyContentHash(found.content),
    };
    if (metadata) result.metadata = metadata;
    return { result, assistantText: found.content, indexSize: size };
  }
  // 0.28.x's string hash of the file as served (equal to its hash when the frontmatter was canonical YAML).
  const result: Record<string, unknown> = { path, content: raw, content_hash: legacyContentHash(raw) };
  if (metadata) result.metadata = metadata;
  return { result, assistantText: raw, indexSize: size };
}

/** A resolved document as the legacy `resolved` object (its path from the resolver). */
async function resolvedOf(call: ToolCaller, uri: string, view: ContractView) {
  const resolver: PathResolver = view.resolver(call);
  const got = await callOne(call, toolNameFor("get"), { input: uri, disclosure: ["metadata", "body"] });
  const known = view.knownPath(got.data.uri);
  const [path] = known
    ? [known]
    : await resolver.paths([
        {
          uri: got.data.uri,
          title: got.data.title,
          declaredUri: (got.data.metadata as Record<string, unknown>)?.uri,
        },
      ]);
  return {
    uri: got.data.uri,
    path: path!,
    title: got.data.title,
    url: legacyUrl(got.data.uri),
    content_hash: legacyContentHash(
      rebuildRaw((got.data.metadata ?? {}) as Record<string, unknown>, String(got.data.body ?? "")),
    ),
  };
}

export async function synthesizeResolve(
  call: ToolCaller,
  view: ContractView,
  params: LegacyCallParams,
): Promise<Synthesis> {
  const input = params.input ?? "";
  const size = await listedCount(call);
  const done = (result: LegacyResolveResult): Synthesis => ({
    result: { ...result },
    assistantText: legacyResolveText(input, result),
    indexSize: size,
  });
  if (!input.startsWith(URI_SCHEME))
    return done({ status: "INVALID_INPUT", error: "input must be a klappy:// URI" });
  let answer: Record<string, unknown>;
  try {
    answer = await callContract(call, toolNameFor("resolve"), { input, disclosure: [] });
  } catch (error) {
    if (!(error instanceof ContractCallError)) throw error;
    const envelope = error.envelope as Record<string, unknown>;
    const chain = (envelope.supersession_chain ?? []) as SupersessionStep[];
    switch (envelope.error_code) {
      case "NOT_FOUND":
        return done({ status: "NOT_FOUND", input_uri: input });
      case "CIRCULAR_SUPERSESSION": {
        const last = chain.at(-1)?.uri;
        const cycle = chain.slice(0, -1).some((s) => s.uri === last);
        return done({
          status: "CIRCULAR_SUPERSESSION",
          input_uri: input,
          supersession_chain: chain,
          message: cycle
            ? "superseded_by chain cycles"
            : `chain exceeded MAX_DEPTH=${MAX_SUPERSESSION_DEPTH}`,
        });
      }
      case "DANGLING_SUPERSESSION": {
        // The legacy server answers the last existing document and drops its own step from the chain.
        const walked = chain.slice(0, -1);
        const missing = chain.at(-1)?.uri ?? "";
        const lastUri = walked.at(-1)?.uri ?? input;
        return done({
          status: "FOUND",
          input_uri: input,
          resolved: await resolvedOf(call, lastUri, view),
          supersession_chain: walked.slice(0, -1),
          warning: `superseded_by points at \`${missing}\` which is not in the index; chain truncated`,
        });
      }
      default:
        throw error;
    }
  }
  const data = answer.data as { uri: string; supersession_chain: SupersessionStep[] };
  return done({
    status: "FOUND",
    input_uri: input,
    resolved: await resolvedOf(call, data.uri, view),
    supersession_chain: data.supersession_chain,
  });
}

/** Legacy preflight: its keyword heuristic needs every document's text (one contract get each, cached). */
export async function synthesizePreflight(
  call: ToolCaller,
  view: ContractView,
  params: LegacyCallParams,
): Promise<Synthesis> {
  const index = await view.index(call);
  const docs = await view.withText(call, index.documents);
  const result = legacyPreflightResult(docs, params.input ?? "", { result_grouping: params.result_grouping });
  return {
    result: { ...result },
    assistantText: legacyPreflightText(docs, result),
    indexSize: docs.length,
  };
}

/** Legacy version: the contract's fields plus `oddkit_version` (the same value as server_version). */
export async function synthesizeVersion(call: ToolCaller): Promise<Synthesis> {
  const result = (resultOf(await call(VERSION_TOOL, {})) ?? {}) as Record<string, unknown>;
  const size = await listedCount(call);
  const version = String(result.server_version ?? "unknown");
  const revision = String(result.knowledge_base_revision ?? "");
  return {
    result: { oddkit_version: version, ...result },
    assistantText: `oddkit v${version} (knowledge base revision ${revision.slice(0, 12)})`,
    indexSize: size,
  };
}
