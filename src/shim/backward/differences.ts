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
      "the contract never discloses paths; the compat takes them from the uri when it names them, from `pathOf(uri)` or the `files` list when given, confirms guesses in a bounded number of catalog calls, and otherwise derives the path from the uri — every derived path is reported by `derivedPaths()`; the catalog never fails for it",
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
