/**
 * Where the forward shim's emulated contract answers can differ from a
 * contract server's over the same knowledge base, with the reason. The
 * differential test (test/shim/forward.test.ts) holds everything else equal.
 */

import { LEGACY_INDEXED_FOLDERS } from "../../legacy/lookup.js";

export interface ForwardShimDifference {
  readonly what: string;
  readonly actions: readonly string[];
  readonly reason: string;
}

export const FORWARD_SHIM_DIFFERENCES: readonly ForwardShimDifference[] = [
  {
    what: `documents outside the legacy index folders (${LEGACY_INDEXED_FOLDERS.join(", ")}) that declare a kind`,
    actions: ["catalog", "search", "preflight", "resolve"],
    reason:
      "a 0.28.x server lists, searches and resolves only those folders, so the shim never learns such documents exist; get still reaches them by path or URI",
  },
  {
    what: "search and preflight scores when such documents exist",
    actions: ["search", "preflight"],
    reason:
      "BM25 weighs a term by how many documents hold it; the shim ranks over the documents it can see, so scores (and near-tie order) shift when the server indexes more",
  },
  {
    what: "title, uri and metadata of documents whose frontmatter 0.28.x's own reader reads differently from YAML (flow maps, flow sequences of maps, multi-line or block scalars, an unclosed quote)",
    actions: ["catalog", "search", "preflight", "get", "resolve"],
    reason:
      'the shim lists documents from the legacy catalog, which carries that reader\'s values (e.g. `assets: {a: b}` as the text "{a: b}"); entries built from a fetched file (body, summary, blockquote) are exact, listing fields of documents it never fetched are the legacy reading',
  },
];
