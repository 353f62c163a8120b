/**
 * CLI flag parsing shared by the verification commands: a kind map file and the
 * choice of target (a live server by URL, or a corpus folder served by the
 * embedded reference server, the bundled sample corpus by default).
 */
import { resolve } from "node:path";
import type { KindMap } from "../contract/index.js";
import { loadCorpus, readKindMapFile, requireDocuments } from "../corpus/index.js";
import type { Corpus } from "../corpus/types.js";

/**
 * Read a `--kind-map FILE` (JSON or YAML object of path prefix → kind, laid
 * over the default map). It lives with the corpus loader; re-exported here
 * for the commands that take the flag.
 */
export { readKindMapFile } from "../corpus/index.js";

/** `--url` / `--corpus` / `--kind-map` as every verification command takes them. */
export interface TargetFlags {
  url?: string;
  corpus?: string;
  kindMap?: string;
}

export type ResolvedTarget =
  | { readonly kind: "url"; readonly url: string; readonly label: string }
  | {
      readonly kind: "embedded";
      readonly dir: string;
      /** A `--kind-map` file's map, overriding the corpus's own `oddkit.kinds.*` (read when loading). */
      readonly kindMap?: KindMap;
      readonly kindMapFile?: string;
      readonly label: string;
    };

/** Decide the target: a URL, or a corpus folder (default: the bundled sample corpus) for the embedded server. */
export async function resolveTarget(
  flags: TargetFlags,
  cwd: string,
  sampleDir: () => string,
): Promise<ResolvedTarget> {
  if (flags.url !== undefined && flags.corpus !== undefined) {
    throw new Error(
      "give either --url (a live server) or --corpus (a folder served by the embedded server), not both",
    );
  }
  if (flags.url !== undefined) {
    if (flags.kindMap !== undefined)
      throw new Error("--kind-map applies to --corpus only; a live server has its own");
    return { kind: "url", url: flags.url, label: flags.url };
  }
  const dir = flags.corpus !== undefined ? resolve(cwd, flags.corpus) : sampleDir();
  const kindMap = flags.kindMap !== undefined ? await readKindMapFile(flags.kindMap, cwd) : undefined;
  return {
    kind: "embedded",
    dir,
    ...(kindMap ? { kindMap, kindMapFile: flags.kindMap } : {}),
    label: flags.corpus !== undefined ? flags.corpus : "the bundled sample corpus",
  };
}

/** Load the corpus folder of an embedded target, with its kind map. */
export async function loadTargetCorpus(
  target: Extract<ResolvedTarget, { kind: "embedded" }>,
): Promise<Corpus> {
  // --kind-map overrides the corpus's own oddkit.kinds.* (which loadCorpus reads otherwise)
  const corpus = await loadCorpus(
    target.dir,
    target.kindMap
      ? { kindMap: target.kindMap, kindMapSource: { from: "file", file: target.kindMapFile ?? "--kind-map" } }
      : {},
  );
  requireDocuments(
    target.label,
    corpus.documents.length,
    "no servable markdown documents (no *.md files, or every one is exposure: noindex)",
  );
  return corpus;
}

/** Parse a non-negative number flag; throws naming the flag. */
export function numberFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0) {
    throw new Error(`${name} must be a non-negative number, got '${value}'`);
  }
  return n;
}
