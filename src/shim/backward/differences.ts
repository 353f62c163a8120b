/**
 * Every field where a legacy envelope synthesised from contract calls can
 * differ from what a legacy (0.28.x) server sends over the same corpus, with
 * the reason. Everything not listed here is equal — the differential test
 * (test/shim/backward.test.ts) holds the shim to that.
 */

import { ACTIONS } from "../../contract/index.js";

export interface LegacyCompatDifference {
  /** Envelope path (`result.*` per action), or the documents concerned. */
  readonly field: string;
  /** Actions concerned: legacy action names (including `version`), or every one. */
  readonly actions: readonly string[] | "all";
  readonly reason: string;
}

export const LEGACY_COMPAT_DIFFERENCES: readonly LegacyCompatDifference[] = [
  {
    field: "server_time",
    actions: "all",
    reason: "the moment the envelope was built; two calls never share it",
  },
  {
    field: "debug.duration_ms",
    actions: "all",
    reason: "time spent answering; the compat's includes its contract calls",
  },
  {
    field: "debug.generated_at (error envelopes)",
    actions: "all",
    reason: "the moment the error envelope was built",
  },
  {
    field: "debug.mode",
    actions: "all",
    reason:
      'says who built the envelope: "legacy-compat" instead of the server\'s mode, so a log never mistakes one for the other',
  },
  {
    field: "assistant_text (consumer nudge)",
    actions: "all",
    reason:
      "a server appends its consumer nudge according to the label of the connection; the compat builds the text itself and appends none",
  },
  {
    field: "result.content and result.content_hash (get, resolve; after the window)",
    actions: ["get", "resolve"],
    reason:
      "the contract serves the body without its frontmatter; the compat re-serialises the frontmatter as YAML above the body and hashes that text with 0.28.x's string hash, so content and hash equal the file's only when its YAML was written in canonical form",
  },
  {
    field:
      "metadata, title and uri of documents 0.28.x's own frontmatter reader reads differently from YAML (after the window)",
    actions: ["catalog", "search", "get", "resolve", "preflight"],
    reason:
      "0.28.x keeps a flow map as text, splits a flow sequence at every comma, keeps a multi-line scalar's first line; the contract sends the YAML reading, and the file's own text is not served, so the compat cannot reproduce that reader's mistakes",
  },
  {
    field: "result.hits, result.evidence, scores (search, after the window)",
    actions: ["search"],
    reason:
      "0.28.x ranks with its own BM25 over title, path, tags and excerpt of every indexed document; after the window the compat takes the contract search's top hits (another ranker), so hits, their order and score scale can differ; status and docs_considered are equal",
  },
  {
    field:
      "result.articles[].path, result.hits[].path, start_here, get/resolve paths of documents whose declared uri does not name their path (after the window)",
    actions: ["catalog", "search", "get", "resolve", "preflight"],
    reason:
      "the contract never discloses paths; the compat takes them from the uri when it names them, from `pathOf(uri)` or the `files` list when given, confirms guesses (and folder front pages between known neighbours) in a bounded number of catalog calls, and otherwise derives the path from the uri — every derived path is reported by `derivedPaths()` and on the call (`lastCall.differences`); the catalog never fails for it and never leaves the document out",
  },
  {
    field: "assistant_text (window)",
    actions: ["catalog", "search", "get", "resolve", "preflight"],
    reason:
      "in the window the legacy fields come from the server's own envelope (one opt-in call) but its assistant text is the contract one: the legacy text is not sent",
  },
  {
    field: "result.hits[].snippet, result.evidence[].quote (search)",
    actions: ["search"],
    reason:
      "legacy snippets are cut from the raw file; for files with CRLF line endings the legacy cut includes frontmatter lines the contract never serves",
  },
  {
    field: "result.oddkit_version, result.server_version, assistant_text (version)",
    actions: ["version"],
    reason:
      "the version of the server actually answering (a contract server), never a legacy version the compat made up",
  },
  {
    field: "result.baseline_url (version)",
    actions: ["version"],
    reason: "the contract's version tool does not say where the knowledge base lives",
  },
  {
    field: "documents outside every kind (e.g. README.md at the root, public/, scripts/)",
    actions: ACTIONS,
    reason:
      "the contract lists only documents of the five kinds, so they are missing from catalog counts, categories, start_here, articles, search hits and preflight; get and resolve still reach them by path or URI",
  },
  {
    field: "a second file declaring an already-declared uri",
    actions: ["catalog", "search", "preflight"],
    reason: "contract listings show one document per URI; the other file is reachable by its path only",
  },
];

/** A field of one synthesised answer that could not be rebuilt exactly, and the documents concerned. */
export interface CallDifference {
  /** Envelope path of the field (`result.articles[].path`, `result.content_hash`, …). */
  readonly field: string;
  /** URIs of the documents whose value is not the legacy server's (or may not be). */
  readonly uris: readonly string[];
  readonly reason: string;
}

/** Where each legacy action carries repository paths. */
const PATH_FIELDS: Readonly<Record<string, string>> = {
  catalog: "result.articles[].path",
  search: "result.hits[].path",
  get: "result.path",
  resolve: "result.resolved.path",
  preflight: "result.paths",
};

/** Every `uri` string anywhere in a value, in first-seen order. */
function urisIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) urisIn(v, out);
  else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) {
      if (k === "uri" && typeof v === "string") out.add(v);
      else urisIn(v, out);
    }
  return out;
}

/** The hashes and texts of documents a synthesised answer holds (get, resolve's chain). */
function hashedUris(result: Record<string, unknown>, requested: string | undefined): string[] {
  const uris = new Set<string>();
  if ("content_hash" in result && requested) uris.add(requested);
  const walk = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (typeof value === "object" && value !== null) {
      const o = value as Record<string, unknown>;
      if (typeof o.uri === "string" && "content_hash" in o) uris.add(o.uri);
      for (const v of Object.values(o)) walk(v);
    }
  };
  walk(result);
  return [...uris];
}

/** A frontmatter value 0.28.x's line reader may read otherwise than YAML does. */
function readsDifferently(value: unknown): boolean {
  return (
    (typeof value === "object" && value !== null && !(value instanceof Date)) ||
    (typeof value === "string" && value.includes("\n"))
  );
}

/** Documents of an answer (catalog articles, a get's metadata) whose frontmatter has such a value. */
function quirkyMetadataUris(result: Record<string, unknown>, requested: string | undefined): string[] {
  const quirky = (metadata: unknown) =>
    typeof metadata === "object" && metadata !== null && Object.values(metadata).some(readsDifferently);
  const articles = Array.isArray(result.articles)
    ? (result.articles as { uri?: unknown; metadata?: unknown }[])
    : [];
  const uris = articles
    .filter((a) => typeof a.uri === "string" && quirky(a.metadata))
    .map((a) => a.uri as string);
  if (requested && quirky(result.metadata)) uris.push(requested);
  return uris;
}

/**
 * What one answer synthesised after the window holds that the legacy server would have
 * sent differently: paths derived rather than confirmed (and a start_here decided on
 * them), frontmatter 0.28.x's reader reads otherwise, and content and hashes rebuilt
 * from the contract's frontmatter and body.
 */
export function callDifferences(
  action: string,
  result: Record<string, unknown>,
  derived: readonly { readonly uri: string }[],
  requested?: string,
): CallDifference[] {
  const out: CallDifference[] = [];
  const present = urisIn(result);
  const derivedHere = derived.map((d) => d.uri).filter((uri) => present.has(uri) || action === "catalog");
  const pathField = PATH_FIELDS[action];
  if (derivedHere.length > 0 && pathField) {
    out.push({
      field: pathField,
      uris: derivedHere,
      reason:
        "the contract never discloses paths: these were derived from the uri, not confirmed; pass pathOf or the repository's file list (files) to place them exactly",
    });
    if (action === "catalog")
      out.push({
        field: "result.start_here",
        uris: derivedHere,
        reason:
          "0.28.x picks start_here by path (README, QUICKSTART) in archive order; it was decided on the derived paths of these documents",
      });
  }
  const quirky = quirkyMetadataUris(result, requested);
  if (quirky.length > 0)
    out.push({
      field: action === "catalog" ? "result.articles[].metadata" : "result.metadata",
      uris: quirky,
      reason:
        "these documents' frontmatter holds lists, maps or multi-line text, which 0.28.x's own reader reads differently from YAML (a flow map kept as text, a flow sequence split at every comma, a multi-line scalar's first line); the contract sends the YAML reading and not the file, so the legacy reading cannot be reproduced",
    });
  const hashed = hashedUris(result, requested);
  if (hashed.length > 0) {
    out.push({
      field: "result.content_hash",
      uris: hashed,
      reason:
        "0.28.x hashes the file's bytes; the contract serves no file, so the hash is of the text rebuilt from its frontmatter (re-serialised YAML) and body: equal only when the YAML was written in canonical form",
    });
    if ("content" in result)
      out.push({
        field: "result.content",
        uris: hashed,
        reason:
          "the file's text rebuilt as --- YAML --- + body: equal to the file only when its YAML was canonical",
      });
  }
  return out;
}
