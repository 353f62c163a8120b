/**
 * The functions a decided rewrite adds to a migrated file (once, at its end:
 * a function declaration is hoisted, so any code above may call it), and the
 * argument text the rewrites write. They are written out, not imported, so
 * the migrated code imports nothing — Deno edge functions, CommonJS scripts
 * and browser scripts included; test/migrate/decided-reads.test.ts holds
 * `oddkitPathOfUri` equal to the contract's `pathForKlappyUri`.
 */
import { KINDS } from "oddkit-sdk/contract";
import { LEGACY_UNTAGGED_CATEGORY, URI_SCHEME } from "oddkit-sdk/internal";

export const PATH_OF_URI = "oddkitPathOfUri";
export const EVERY_PAGE = "oddkitEveryPage";

/** `include: [...]` with every kind: the legacy server listed them all. */
export const KIND_LIST = `[${KINDS.map((k) => JSON.stringify(k)).join(", ")}]`;

/** `paths=uri`: the repository path a klappy:// URI names (another URI is kept as it is). */
export function pathOfUriSource(typed: boolean): string {
  const sig = typed ? `${PATH_OF_URI}(uri: string): string` : `${PATH_OF_URI}(uri)`;
  const scheme = JSON.stringify(URI_SCHEME);
  return [
    "",
    `// oddkit-migrate (paths=uri): the contract carries no repository path; a ${URI_SCHEME} URI names one.`,
    `function ${sig} {`,
    `  if (!uri.startsWith(${scheme})) return uri;`,
    `  const rest = uri.slice(${scheme}.length).replace(/[#?].*$/, "");`,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of the generated function
    '  return rest.endsWith(".md") ? rest : `${rest}.md`;',
    "}",
    "",
  ].join("\n");
}

/**
 * `listings=complete`: every page of a listing joined into the first answer (`resultOf` finds the
 * contract result in a page's answer; `pathOfUri`, when given, re-sorts the joined list by the path
 * each URI names, in 0.28.x's order).
 */
export function everyPageSource(typed: boolean): string {
  const sig = typed
    ? `${EVERY_PAGE}<R>(page: (offset: number) => R, resultOf: (answer: any) => any = (answer) => answer, pathOfUri?: (uri: string) => string): Promise<Awaited<R>>`
    : `${EVERY_PAGE}(page, resultOf = (answer) => answer, pathOfUri)`;
  const by = typed ? "(a: { uri: string }, b: { uri: string })" : "(a, b)";
  return [
    "",
    "// oddkit-migrate (listings=complete): the contract pages within its limit cap; every page is read into one answer.",
    `async function ${sig} {`,
    "  const first = await page(0);",
    "  const result = resultOf(first);",
    "  while (result.data.length < result.total) {",
    "    const next = resultOf(await page(result.data.length));",
    "    if (next.data.length === 0) break;",
    "    result.data.push(...next.data);",
    "  }",
    `  if (pathOfUri) result.data.sort(${by} => pathOfUri(a.uri).localeCompare(pathOfUri(b.uri), "en-US"));`,
    "  return first;",
    "}",
    "",
  ].join("\n");
}

export const CATEGORIES = "oddkitCategories";

/**
 * `rollups=compute`: legacy's `categories` rollup from the entries' metadata — every tag in first-seen
 * order, "other" for an entry without tags (test/migrate/rollups.test.ts holds it equal to the legacy
 * server's own rule).
 */
export function categoriesSource(typed: boolean): string {
  const sig = typed
    ? `${CATEGORIES}(entries: Array<{ metadata?: Record<string, unknown> }>): string[]`
    : `${CATEGORIES}(entries)`;
  return [
    "",
    "// oddkit-migrate (rollups=compute): the contract has no categories rollup; every tag of every entry, first seen first.",
    `function ${sig} {`,
    `  const seen = new Set${typed ? "<string>" : ""}();`,
    "  for (const entry of entries) {",
    "    const tags = entry.metadata?.tags;",
    `    const list = typeof tags === "string" ? [tags] : Array.isArray(tags) ? tags.map((t) => String(t)) : [${JSON.stringify(LEGACY_UNTAGGED_CATEGORY)}];`,
    "    for (const tag of list) seen.add(tag);",
    "  }",
    "  return [...seen];",
    "}",
    "",
  ].join("\n");
}
