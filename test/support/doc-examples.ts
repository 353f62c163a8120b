/**
 * Runs the `ts` examples of a markdown page as written, so a page that drifts
 * from the code fails a test. Shared by the doc-example tests of the client,
 * contract and migration pages: each test picks its page, the package entry
 * points its examples import, and what it asserts about the list of examples.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, expect } from "vitest";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where each published entry point's source lives, for pointing example imports at it. */
export const SOURCE_ENTRIES = {
  "oddkit-sdk": join(ROOT, "src/index.ts"),
  "oddkit-sdk/contract": join(ROOT, "src/entries/contract.ts"),
  "oddkit-sdk/server": join(ROOT, "src/entries/server.ts"),
  "oddkit-sdk/shim": join(ROOT, "src/entries/shim.ts"),
  "oddkit-sdk/tokens": join(ROOT, "src/tokens.ts"),
  "oddkit-sdk/agent": join(ROOT, "src/entries/agent.ts"),
  // The codemod package's MCP server (docs/agents.md's migration session).
  "@oddkit-sdk/codemod/mcp": join(ROOT, "codemods/mcp/index.ts"),
} as const;
export type SourceEntry = keyof typeof SOURCE_ENTRIES;

export interface DocExample {
  /** The heading the block sits under, "(top)" before the first one. */
  heading: string;
  code: string;
}

export interface DocExampleOptions {
  /** The deepest heading level that names an example: 2 counts only `##`, 3 also `###`. */
  headingDepth?: 2 | 3;
}

/** The `ts` fenced blocks of a page (path absolute or relative to the repo root), with their headings. */
export function tsExamples(path: string, options: DocExampleOptions = {}): DocExample[] {
  const file = isAbsolute(path) ? path : join(ROOT, path);
  const name = relative(ROOT, file);
  const headingLine = options.headingDepth === 2 ? /^## / : /^#{2,3} /;
  const lines = readFileSync(file, "utf8").split("\n");
  const out: DocExample[] = [];
  let heading = "(top)";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (headingLine.test(line)) heading = line.replace(/^#+ /, "");
    if (line.trim() === "```ts") {
      const end = lines.indexOf("```", i + 1);
      if (end < 0) throw new Error(`unclosed ts block after line ${i + 1} of ${name}`);
      out.push({ heading, code: lines.slice(i + 1, end).join("\n") });
      i = end;
    }
  }
  return out;
}

/** Runs examples from a scratch folder under .tmp/, removed after the file's tests. */
export function exampleRunner(prefix: string, entries: readonly SourceEntry[]) {
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, ".tmp", prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Points the example's package imports at the source, fails if any
   * `oddkit-sdk` import is left unmapped, and imports the result: each
   * assertion in the example throws on a mismatch, failing the calling test.
   */
  return async function runExample(index: number, code: string): Promise<void> {
    let source = code;
    for (const entry of entries) {
      source = source.replaceAll(JSON.stringify(entry), JSON.stringify(SOURCE_ENTRIES[entry]));
    }
    expect(source).not.toMatch(/from "oddkit-sdk/);
    const file = join(dir, `example-${index}.ts`);
    writeFileSync(file, source);
    await import(pathToFileURL(file).href);
  };
}
