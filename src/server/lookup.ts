/**
 * Contract get/resolve: the document a URI names (URI forms of the legacy
 * index, then the declared URI itself) and the supersession walk turned into
 * contract errors. Generic over the document set: the server runs them over
 * its corpus, the forward shim over the listing a legacy server gives it
 * (documents without text; it fetches only the one found).
 */
import { type ErrorEnvelope, notFoundError, supersessionError } from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";
import {
  type DocumentMaps,
  type LinkedDocument,
  legacyPathForInput,
  type SupersessionStep,
  walkSupersession,
} from "../legacy/index.js";

/** `klappy://x` → `x.md`, another scheme → the document declaring it, a bare path gets `.md`; else the declared URI. */
export function findDocument<D extends LinkedDocument>(index: DocumentMaps<D>, input: string): D | undefined {
  return index.byPath.get(legacyPathForInput(input, index)) ?? index.byUri.get(input);
}

export type Resolution<D = CorpusDocument> =
  | { ok: true; doc: D; chain: SupersessionStep[] }
  | { ok: false; error: ErrorEnvelope };

/** Resolve a URI through `superseded_by`: a cycle or a chain over the depth cap is circular; a missing successor is dangling. */
export function resolveDocument<D extends LinkedDocument>(
  index: DocumentMaps<D>,
  input: string,
): Resolution<D> {
  const start = findDocument(index, input);
  if (!start) return { ok: false, error: notFoundError("resolve", input) };
  const walk = walkSupersession(start, index);
  switch (walk.outcome) {
    case "resolved":
      return { ok: true, doc: walk.doc, chain: walk.chain };
    case "circular":
      return { ok: false, error: supersessionError("CIRCULAR_SUPERSESSION", input, walk.chain) };
    case "dangling":
      return {
        ok: false,
        error: supersessionError("DANGLING_SUPERSESSION", input, [...walk.chain, { uri: walk.missing }]),
      };
  }
}
