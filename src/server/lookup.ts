/**
 * Contract get/resolve: the document a URI names (URI forms of the legacy
 * index, then the declared URI itself) and the supersession walk turned into
 * contract errors.
 */
import { type ErrorEnvelope, notFoundError, supersessionError } from "../contract/index.js";
import type { Corpus, CorpusDocument } from "../corpus/types.js";
import { legacyPathForInput, type SupersessionStep, walkSupersession } from "../legacy/index.js";

/** `klappy://x` → `x.md`, another scheme → the document declaring it, a bare path gets `.md`; else the declared URI. */
export function findDocument(corpus: Corpus, input: string): CorpusDocument | undefined {
  return corpus.byPath.get(legacyPathForInput(input, corpus)) ?? corpus.byUri.get(input);
}

export type Resolution =
  | { ok: true; doc: CorpusDocument; chain: SupersessionStep[] }
  | { ok: false; error: ErrorEnvelope };

/** Resolve a URI through `superseded_by`: a cycle or a chain over the depth cap is circular; a missing successor is dangling. */
export function resolveDocument(corpus: Corpus, input: string): Resolution {
  const start = findDocument(corpus, input);
  if (!start) return { ok: false, error: notFoundError("resolve", input) };
  const walk = walkSupersession(start, corpus);
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
