/**
 * Shared test wiring: a reference server's `callTool` as a ToolCaller (the
 * shims' view of a server), and the corpora the differential tests run over.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusDocument } from "../../src/corpus/types.js";
import { legacyDocument } from "../../src/legacy/documents.js";
import { LEGACY_INDEXED_FOLDERS } from "../../src/legacy/lookup.js";
import {
  type Corpus,
  corpusFromFiles,
  createReferenceServer,
  loadCorpus,
  type ReferenceServer,
} from "../../src/server/index.js";
import type { ToolCaller } from "../../src/shim/forward/legacy-caller.js";
import { FIXTURE_FILES } from "../server/fixture-corpus.js";

export const ODD_FRONTMATTER_DIR = resolve(
  fileURLToPath(new URL(".", import.meta.url)),
  "../fixtures/corpora/odd-frontmatter",
);

/** A server's in-process callTool, seen as the shims see any server: parsed envelope, isError, size. */
export function callerOf(server: ReferenceServer, calls?: string[]): ToolCaller {
  return async (name, args) => {
    calls?.push(name);
    const answer = await server.callTool(name, args);
    const text = answer.content[0]?.text ?? "";
    return {
      envelope: JSON.parse(text) as unknown,
      isError: answer.isError === true,
      meta: { bytes: new TextEncoder().encode(text).length, tokens: null },
    };
  };
}

/** The documents a 0.28.x server indexes (its four folders): what a shim over it can see. */
export function legacyVisible(corpus: Corpus): Corpus {
  const files = corpus.documents
    .filter((d) => LEGACY_INDEXED_FOLDERS.some((f) => d.path.startsWith(f)))
    .filter(readAlike)
    .map((d) => ({ path: d.path, text: d.raw }));
  return corpusFromFiles(files);
}

/**
 * Does 0.28.x's own frontmatter reader read this document as YAML does
 * (same title, URI and frontmatter)? Where it does not (an unclosed quote,
 * a flow map, a multi-line scalar), a legacy server's listing carries its
 * reading and the forward shim cannot know better without the file
 * (FORWARD_SHIM_DIFFERENCES), so exact-equality tests leave such documents out.
 */
export function readAlike(doc: CorpusDocument): boolean {
  const legacy = legacyDocument(doc);
  return (
    legacy.title === doc.title &&
    legacy.uri === doc.uri &&
    JSON.stringify(legacy.frontmatter) === JSON.stringify(doc.frontmatter)
  );
}

export async function fixtureCorpus(): Promise<Corpus> {
  return corpusFromFiles(FIXTURE_FILES);
}

export async function oddCorpus(): Promise<Corpus> {
  return loadCorpus(ODD_FRONTMATTER_DIR);
}

/** The same corpus served in two modes. */
export async function serverPair(
  corpus: Corpus,
  modes: ["contract" | "window", "legacy"] = ["contract", "legacy"],
) {
  const [contract, legacy] = await Promise.all([
    createReferenceServer({ corpus, mode: modes[0] }),
    createReferenceServer({ corpus, mode: modes[1] }),
  ]);
  return { contract, legacy, close: () => Promise.all([contract.close(), legacy.close()]) };
}
