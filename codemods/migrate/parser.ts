/**
 * Parser per file extension: `.ts`/`.mts`/`.cts` → ts (the tsx parser would
 * read `<T>x` casts as JSX), `.tsx` → tsx, JavaScript → babel.
 */
import jscodeshift, { type JSCodeshift } from "jscodeshift";

export const SOURCE_EXTENSIONS = ["ts", "mts", "cts", "tsx", "js", "mjs", "cjs", "jsx"] as const;

export type ParserName = "ts" | "tsx" | "babel";

export function parserFor(path: string): ParserName {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  if (ext === "tsx") return "tsx";
  if (ext === "ts" || ext === "mts" || ext === "cts") return "ts";
  return "babel";
}

const cache = new Map<ParserName, JSCodeshift>();

export function jscodeshiftFor(path: string): JSCodeshift {
  const parser = parserFor(path);
  let j = cache.get(parser);
  if (!j) {
    j = jscodeshift.withParser(parser);
    cache.set(parser, j);
  }
  return j;
}
