/**
 * Inputs shared by the verification commands: a kind map file and the
 * choice of target (a live server by URL, or a corpus folder served by the
 * embedded reference server, the bundled sample corpus by default).
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { DEFAULT_KIND_MAP, type KindMap, parseKindMap } from "../contract/index.js";

/**
 * Read a `--kind-map FILE` (JSON object of path prefix → kind). Its entries
 * are laid over the default map, so `{"canon/apocrypha/": "apocrypha"}`
 * adds one prefix and keeps the others (the longest prefix wins).
 */
export async function readKindMapFile(file: string, cwd: string = process.cwd()): Promise<KindMap> {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`--kind-map: cannot read '${file}': ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`--kind-map: '${file}' is not JSON (${(error as Error).message})`);
  }
  try {
    return { ...DEFAULT_KIND_MAP, ...parseKindMap(value) };
  } catch (error) {
    throw new Error(`--kind-map '${file}': ${(error as Error).message}`);
  }
}
