/**
 * A knowledge base's own kind map: a small file at the corpus root
 * (`oddkit.kinds.json`, or `oddkit.kinds.yaml` / `.yml`) mapping path
 * prefixes to kinds, laid over the contract's DEFAULT_KIND_MAP. It exists
 * because the default prefixes cannot express layouts such as klappy.dev's
 * `canon/apocrypha/` (apocrypha inside canon): without the repository's map
 * those documents resolve as canon and leak into unfiltered answers. Every
 * command that loads a folder reads it; `--kind-map FILE` overrides it.
 */
import { readFile, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { DEFAULT_KIND_MAP, type KindMap, parseKindMap } from "../contract/index.js";
import { KindMapFileError } from "../errors/index.js";

export { KindMapFileError };

/** The names a corpus-root kind map may have (at most one may exist). */
export const KIND_MAP_FILES = ["oddkit.kinds.json", "oddkit.kinds.yaml", "oddkit.kinds.yml"] as const;

/** Which map a corpus was loaded with, for audits and reports. */
export type KindMapSource =
  /** No map file at the root and none given: the contract's default prefixes. */
  | { readonly from: "default" }
  /** The corpus root's own `oddkit.kinds.*` file. */
  | { readonly from: "corpus"; readonly file: string }
  /** A file named by the caller (`--kind-map FILE`), overriding the corpus's own. */
  | { readonly from: "file"; readonly file: string }
  /** A map object passed in code (`loadCorpus(dir, { kindMap })`). */
  | { readonly from: "option" };

export interface ChosenKindMap {
  readonly map: KindMap;
  readonly source: KindMapSource;
}

const YAML_FILE = /\.ya?ml$/i;

/** Aliases allowed in a kind map YAML file: a prefix map has no use for them (and a billion-laughs file must not expand). */
const MAX_YAML_ALIASES = 0;

/**
 * Read a kind map file (JSON, or YAML when the name ends in `.yaml`/`.yml`):
 * an object of path prefix → kind, laid over the default map so a file that
 * adds `canon/apocrypha/` keeps the other prefixes (longest prefix wins).
 */
export async function readKindMapFile(file: string, cwd: string = process.cwd()): Promise<KindMap> {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new KindMapFileError(file, `kind map '${file}' cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let value: unknown;
  const yaml = YAML_FILE.test(path);
  try {
    value = yaml ? parseYaml(text, { maxAliasCount: MAX_YAML_ALIASES }) : JSON.parse(text);
  } catch (error) {
    throw new KindMapFileError(
      file,
      `kind map '${file}' is not valid ${yaml ? "YAML" : "JSON"} (${(error as Error).message}); write an object of path prefix → kind, e.g. {"canon/apocrypha/": "apocrypha"}`,
      { cause: error },
    );
  }
  try {
    return { ...DEFAULT_KIND_MAP, ...parseKindMap(value) };
  } catch (error) {
    throw new KindMapFileError(file, `kind map '${file}': ${(error as Error).message}`, { cause: error });
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    if ((await stat(path)).isFile()) return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    // present but unreadable (EACCES, a directory…): say so rather than silently using the default
    throw new KindMapFileError(
      path,
      `kind map '${path}' exists but cannot be read: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  throw new KindMapFileError(path, `kind map '${path}' is not a file; make it a JSON or YAML file`);
}

/**
 * The kind map a corpus folder carries at its root, or the default map when
 * it carries none. Two map files at once is an error (which one wins would be
 * a guess).
 */
export async function corpusKindMap(root: string): Promise<ChosenKindMap> {
  const present: string[] = [];
  for (const name of KIND_MAP_FILES) if (await exists(join(root, name))) present.push(name);
  if (present.length > 1) {
    throw new KindMapFileError(
      join(root, present[0]!),
      `the corpus '${root}' has ${present.length} kind map files (${present.join(", ")}); keep one`,
    );
  }
  const name = present[0];
  if (name === undefined) return { map: DEFAULT_KIND_MAP, source: { from: "default" } };
  return { map: await readKindMapFile(join(root, name)), source: { from: "corpus", file: name } };
}

/**
 * The map to load `root` with: a caller's `--kind-map FILE` when given
 * (overriding the corpus's own), else the corpus's own file, else the default.
 */
export async function chooseKindMap(
  root: string,
  overrideFile?: string,
  cwd?: string,
): Promise<ChosenKindMap> {
  if (overrideFile === undefined) return corpusKindMap(root);
  return { map: await readKindMapFile(overrideFile, cwd), source: { from: "file", file: overrideFile } };
}

/** One line for reports: which map resolved the kinds. */
export function describeKindMapSource(source: KindMapSource): string {
  switch (source.from) {
    case "default":
      return `the default prefixes (no ${KIND_MAP_FILES.join("/")} at the corpus root)`;
    case "corpus":
      return `the corpus's own ${basename(source.file)}`;
    case "file":
      return `${source.file} (--kind-map, overriding the corpus's own)`;
    case "option":
      return "a map passed in code";
  }
}
