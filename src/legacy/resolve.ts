/**
 * The 0.28.x `resolve` result: a klappy:// URI walked through
 * `superseded_by` to its current document.
 */
import { URI_SCHEME } from "../contract/index.js";
import type { CorpusDocument } from "../corpus/types.js";
import {
  type LegacyIndex,
  MAX_SUPERSESSION_DEPTH,
  type SupersessionStep,
  walkSupersession,
} from "./lookup.js";
import { legacyTitle } from "./text.js";

export interface LegacyResolved {
  uri: string;
  path: string;
  title: string;
  url: string;
  content_hash: string;
}

export type LegacyResolveResult =
  | {
      status: "FOUND";
      input_uri: string;
      resolved: LegacyResolved;
      supersession_chain: SupersessionStep[];
      warning?: string;
    }
  | { status: "NOT_FOUND"; input_uri: string }
  | {
      status: "CIRCULAR_SUPERSESSION";
      input_uri: string;
      supersession_chain: SupersessionStep[];
      message: string;
    }
  | { status: "INVALID_INPUT"; error: string };

/** The public URL path of a klappy:// URI (`klappy://writings/x` → `/writings/x`). */
export function legacyUrl(uri: string): string {
  return uri.startsWith(URI_SCHEME) ? `/${uri.slice(URI_SCHEME.length)}` : uri;
}

function resolved(doc: CorpusDocument): LegacyResolved {
  return {
    uri: doc.uri,
    path: doc.path,
    title: legacyTitle(doc),
    url: legacyUrl(doc.uri),
    content_hash: doc.contentHash,
  };
}

/** The warning of a truncated chain; DANGLING_WARNING reads the successor back out of it. */
function danglingWarning(missing: string): string {
  return `superseded_by points at \`${missing}\` which is not in the index; chain truncated`;
}
const DANGLING_WARNING = /^superseded_by points at `(.*)` which is not in the index; chain truncated$/;

export function legacyResolveResult(index: LegacyIndex, input: string): LegacyResolveResult {
  if (!input.startsWith(URI_SCHEME))
    return { status: "INVALID_INPUT", error: "input must be a klappy:// URI" };
  const start = index.byUri.get(input);
  if (!start) return { status: "NOT_FOUND", input_uri: input };
  const walk = walkSupersession(start, index);
  switch (walk.outcome) {
    case "resolved":
      return {
        status: "FOUND",
        input_uri: input,
        resolved: resolved(walk.doc),
        supersession_chain: walk.chain,
      };
    case "circular":
      return {
        status: "CIRCULAR_SUPERSESSION",
        input_uri: input,
        supersession_chain: walk.chain,
        message:
          walk.reason === "cycle"
            ? "superseded_by chain cycles"
            : `chain exceeded MAX_DEPTH=${MAX_SUPERSESSION_DEPTH}`,
      };
    case "dangling":
      // The 0.28.x server answers the last existing document and drops its own step from the chain.
      return {
        status: "FOUND",
        input_uri: input,
        resolved: resolved(walk.last),
        supersession_chain: walk.chain.slice(0, -1),
        warning: danglingWarning(walk.missing),
      };
  }
}

/** The 0.28.x assistant text of a resolve answer. */
export function legacyResolveText(input: string, result: LegacyResolveResult): string {
  switch (result.status) {
    case "INVALID_INPUT":
      return `Invalid input: \`${input}\`. Expected a klappy:// URI.`;
    case "NOT_FOUND":
      return `URI not found in index: \`${input}\`.`;
    case "CIRCULAR_SUPERSESSION":
      return result.message.startsWith("chain exceeded")
        ? `Supersession chain too deep starting from \`${input}\` (>${MAX_SUPERSESSION_DEPTH}). Treating as canon data error.`
        : `Circular supersession detected starting from \`${input}\`. This is a canon data error.`;
    case "FOUND": {
      const n = result.supersession_chain.length;
      const missing = result.warning ? DANGLING_WARNING.exec(result.warning)?.[1] : undefined;
      if (missing !== undefined) {
        return `Resolved \`${input}\` to \`${result.resolved.uri}\` (chain truncated at unknown successor \`${missing}\`).`;
      }
      return n === 0
        ? `Resolved \`${input}\` (no supersession).`
        : `Resolved \`${input}\` → \`${result.resolved.uri}\` via ${n} supersession step${n === 1 ? "" : "s"}.`;
    }
  }
}
