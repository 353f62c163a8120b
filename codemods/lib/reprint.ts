/**
 * What recast reprinted, kept reprinted. When a transform's output is parsed
 * again by the next transform, every part recast printed afresh (its own
 * layout, not the original text) becomes "original text" for the next print:
 * an object whose property list changed is printed one property per line,
 * and the next transform's edits are patched into that. A pipeline that
 * keeps one tree (one-tree.ts) instead compares every later print with the
 * file as first parsed, so two edits to one node can cancel out in recast's
 * comparison (a property removed, another added: same length) and recast
 * then patches the node's old one-line text property by property.
 *
 * `printKeepingReprints` prints while listening to recast's decision for
 * every node (its patcher's `getReprinter`: a function when the node's
 * original text can be reused or patched, nothing when it is printed
 * afresh) and marks each node printed afresh, so that every later print
 * prints it afresh again (recast compares a node's own keys with its
 * original's: the mark is a key the original lacks). A node printed afresh
 * once is then printed afresh at the end too, with whatever later
 * transforms changed in it: what printing, parsing and printing again gives.
 */
import { createRequire } from "node:module";
import type { Node } from "./ast.js";

interface FastPathLike {
  getValue(): unknown;
}

interface PatcherModule {
  getReprinter: (path: FastPathLike) => unknown;
}

interface LinesModule {
  fromString(text: string, options: object): { guessTabWidth(): number };
}

/** The key marking a node printed afresh (recast skips keys starting with "_", so it must not). */
export const REPRINTED = "oddkitReprinted";

const COMMENT_TYPES = new Set(["CommentLine", "CommentBlock", "Line", "Block"]);

// recast as jscodeshift loads it: its printer reads `getReprinter` off this module's exports on every call.
const fromJscodeshift = createRequire(createRequire(import.meta.url).resolve("jscodeshift"));

function load<T>(id: string, check: (m: T) => boolean): T | null {
  try {
    const loaded = fromJscodeshift(id) as T;
    return check(loaded) ? loaded : null;
  } catch {
    return null;
  }
}

const patcher = load<PatcherModule>("recast/lib/patcher", (m) => typeof m?.getReprinter === "function");
const lines = load<LinesModule>("recast/lib/lines", (m) => typeof m?.fromString === "function");
const recastOptions = load<{ normalize(o: object): object }>(
  "recast/lib/options",
  (m) => typeof m?.normalize === "function",
);

/** Can a print be listened to (recast's internals are where this module expects them)? */
export const canKeepReprints = patcher !== null && lines !== null && recastOptions !== null;

/**
 * Runs `print` (a recast print of a tree), marking every node recast printed
 * afresh. Throws when recast's internals are not where this module expects
 * them (check `canKeepReprints` first).
 */
export function printKeepingReprints(print: () => string): string {
  if (!patcher) throw new Error("recast's patcher is not where codemods/lib/reprint.ts expects it");
  const original = patcher.getReprinter;
  const fresh: Node[] = [];
  patcher.getReprinter = (path: FastPathLike) => {
    const reprinter = original(path);
    if (!reprinter) {
      const node = path.getValue() as Node;
      if (node && typeof node === "object" && !COMMENT_TYPES.has(node.type)) fresh.push(node);
    }
    return reprinter;
  };
  let text: string;
  try {
    text = print();
  } finally {
    patcher.getReprinter = original;
  }
  for (const node of fresh) node[REPRINTED] = true;
  return text;
}

/** The tab width recast guesses for a text it parses (it prints new code with it). */
export function guessedTabWidth(text: string): number {
  if (!lines || !recastOptions)
    throw new Error("recast's lines are not where codemods/lib/reprint.ts expects them");
  return lines.fromString(text, recastOptions.normalize({})).guessTabWidth();
}
