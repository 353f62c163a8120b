/**
 * src/corpus/document.ts holds the index's document rules for edge code (the
 * forward shim): neither it nor anything it imports may reach for Node.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildDocument, readDocumentText } from "../../src/corpus/document.js";
import { parseDocument } from "../../src/corpus/parse.js";

const ENTRY = fileURLToPath(new URL("../../src/corpus/document.ts", import.meta.url));

/** Every module specifier in the static import graph under src/, starting at `entry`. */
function importGraph(entry: string): { files: string[]; specifiers: string[] } {
  const files: string[] = [];
  const specifiers: string[] = [];
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/^(?:import|export)\b[^;]*?from\s+"([^"]+)"/gms)) {
      specifiers.push(spec!);
      if (spec!.startsWith(".")) pending.push(resolve(dirname(file), spec!.replace(/\.js$/, ".ts")));
    }
  }
  return { files, specifiers };
}

describe("src/corpus/document.ts", () => {
  it("imports nothing from Node, directly or through its imports", () => {
    const { files, specifiers } = importGraph(ENTRY);
    expect(files.length).toBeGreaterThan(3); // document, frontmatter, markdown, types, the contract core…
    expect(specifiers).toContain("yaml");
    expect(specifiers.filter((s) => s.startsWith("node:") || s === "fs" || s === "crypto")).toEqual([]);
  });

  it("builds the document parseDocument builds, with the content hash it is given", () => {
    const text = "---\ntitle: T\ndate: 2026-05-23\n---\n# H\n\n> Quote.\n\n## Summary\n\nS.\n";
    const expected = parseDocument("docs/a.md", text).document!;
    expect(buildDocument("docs/a.md", text, readDocumentText(text), expected.contentHash)).toEqual(expected);
  });
});
