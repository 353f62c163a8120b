/**
 * The markdown structure reader (src/corpus/markdown.ts) walks the body by
 * line offsets; it must give exactly what the line-splitting reader it
 * replaced gives (markdown-oracle.ts): on every real and fixture document,
 * on a generated corpus, and on generated bodies built from the lines where
 * the rules turn (fences of both kinds and lengths, indented and unclosed
 * fences, headings at every level and indentation, closing `#`s, summary
 * headings and near misses, quotes, bare `>`, blank and white-space lines,
 * tabs, `\r`, line and paragraph separators, astral characters).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../../scripts/generate-corpus.js";
import { normalizeText } from "../../src/corpus/document.js";
import { splitFrontmatter } from "../../src/corpus/frontmatter.js";
import { readStructure } from "../../src/corpus/markdown.js";
import { CORPUS_ROOTS, markdownFiles } from "../support/markdown-files.js";
import { readStructure as oracle } from "./markdown-oracle.js";

const bodyOf = (text: string) => splitFrontmatter(normalizeText(text)).body;

describe("readStructure", () => {
  it("reads every real and fixture document as the line-splitting reader does", () => {
    const files = CORPUS_ROOTS.flatMap(markdownFiles);
    expect(files.length).toBeGreaterThan(50);
    let withSummary = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      // The body as documents are read, and the raw text (a `\r` or a BOM left in).
      for (const body of [bodyOf(text), text]) {
        const want = oracle(body);
        expect(readStructure(body), file).toEqual(want);
        if (want.summary !== null) withSummary++;
      }
    }
    expect(withSummary).toBeGreaterThan(0);
  });

  it("reads a generated corpus as the line-splitting reader does", () => {
    const seen = { h1: 0, blockquote: 0, summary: 0 };
    for (const file of generateCorpus({ docs: 600, seed: "markdown" })) {
      const body = bodyOf(file.text);
      const want = oracle(body);
      expect(readStructure(body), file.path).toEqual(want);
      for (const key of ["h1", "blockquote", "summary"] as const) if (want[key] !== null) seen[key]++;
    }
    expect(seen.h1 * seen.blockquote * seen.summary).toBeGreaterThan(0);
  });

  const fragment = fc.constantFrom(
    "",
    " ",
    "   ",
    "    ",
    "\t",
    "#",
    "##",
    "###",
    "# ",
    "## ",
    "\t#",
    " #",
    "   #",
    "    #",
    "Summary",
    "summary",
    "SUMMARY",
    "Summaryish",
    "Summary:",
    "Summary — short",
    "Sümmary",
    "```",
    "````",
    "~~~",
    "~~~~",
    "``",
    "```js",
    "~~~ ~",
    ">",
    "> ",
    ">>",
    " > ",
    "    >",
    "Title",
    "word",
    "x # y",
    " ##",
    "\r",
    "\u2028",
    "\u2029",
    "\u00a0",
    "\u3000",
    "\ud83d\ude00",
    "\ud800",
    "-",
    "*",
  );
  const line = fc.array(fragment, { maxLength: 5 }).map((parts) => parts.join(""));
  const body = fc.array(line, { maxLength: 30 }).map((lines) => lines.join("\n"));

  it("reads generated bodies as the line-splitting reader does", () => {
    fc.assert(
      fc.property(body, (text) => {
        expect(readStructure(text)).toEqual(oracle(text));
      }),
      { numRuns: 4000 },
    );
  });

  it("reads arbitrary text as the line-splitting reader does", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expect(readStructure(text)).toEqual(oracle(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("finds a structure in generated bodies (the generator reaches every rule)", () => {
    const found = { h1: 0, blockquote: 0, summary: 0 };
    fc.assert(
      fc.property(body, (text) => {
        const got = readStructure(text);
        for (const key of ["h1", "blockquote", "summary"] as const) if (got[key] !== null) found[key]++;
      }),
      { numRuns: 4000, seed: 7 },
    );
    expect(found.h1).toBeGreaterThan(20);
    expect(found.blockquote).toBeGreaterThan(5);
    expect(found.summary).toBeGreaterThan(5);
  });

  it("keeps no reference to the last body it read", () => {
    const body = "# Title\n\n> quote\n\n## Summary\n\ntext\n";
    const before = readStructure(body);
    // A second, unrelated read gives its own answer (nothing carried over from the first).
    expect(readStructure("no structure")).toEqual({ h1: null, blockquote: null, summary: null });
    expect(before).toEqual({ h1: "Title", blockquote: "quote", summary: "text" });
  });
});
