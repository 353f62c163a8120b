/**
 * A snippet from the plain text of the start of a body (snippet-prefix.ts)
 * is the snippet of the whole body's plain text, as the server computed it
 * before: the reference below is that code, kept verbatim (six regex passes
 * over the whole body, the first word-start match, the same window).
 * fast-check builds markdown from the constructs the passes strip — code
 * fences (closed, unclosed, four backticks), links and images (whole, cut,
 * spanning lines), headings (a line of only `#`s, seven `#`s), quotes,
 * emphasis — with Greek capital sigma, dotted capital I, digits and odd
 * whitespace, and cuts it anywhere; the sample corpus runs too.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { corpusFromFiles, loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import type { CorpusDocument } from "../../src/corpus/types.js";
import { createReferenceServer } from "../../src/server/index.js";
import { SearchIndex } from "../../src/server/search-index.js";
import { querySnippet, SNIPPET_MAX_LENGTH, snippetWithin } from "../../src/server/snippet.js";
import { plainPrefix, plainText } from "../../src/server/snippet-prefix.js";
import { resultOf } from "./helpers.js";

// ---- The reference: the whole-body snippet as the server computed it before snippet-prefix.ts.
function referencePlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s.*$/gm, " ")
    .replace(/^>\s?/gm, "")
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
function referenceWordStart(lower: string, term: string): number {
  let at = lower.indexOf(term);
  while (at > 0 && /[\p{L}\p{N}]/u.test(lower[at - 1]!)) at = lower.indexOf(term, at + 1);
  return at;
}
function referenceWindowAt(text: string, at: number): string {
  if (text.length <= 200) return text;
  let start = Math.max(0, at - 60);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < at ? space + 1 : start;
  }
  const prefix = start > 0 ? "…" : "";
  let end = start + 200 - prefix.length;
  let suffix = "";
  if (end < text.length) {
    end -= 1;
    const space = text.lastIndexOf(" ", end);
    if (space > at) end = space;
    suffix = "…";
  }
  return prefix + text.slice(start, end).trimEnd() + suffix;
}
function referenceSnippet(title: string, body: string, terms: readonly string[]): string {
  const text = referencePlainText(body);
  const lower = text.toLowerCase();
  if (text === "") return title.slice(0, SNIPPET_MAX_LENGTH);
  let first = -1;
  for (const term of terms) {
    const at = referenceWordStart(lower, term.toLowerCase());
    if (at >= 0 && (first === -1 || at < first)) first = at;
  }
  return referenceWindowAt(text, Math.max(first, 0));
}

// ---- Generated markdown.
const WORDS = [
  "cache",
  "caches",
  "Σίσυφος",
  "ΣΟΦΟΣ",
  "İstanbul",
  "istanbul",
  "naïve",
  "x1",
  "42",
  "edge",
  "ca",
  "che",
];
const TERMS = [
  "cache",
  "caches",
  "σίσυφος",
  "σοφος",
  "σοφοσ",
  "i̇stanbul",
  "istanbul",
  "naïve",
  "x1",
  "42",
  "edge",
  "ca",
  "che",
  "zzz",
  "",
];
const piece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...WORDS) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(" ", " ", "\n", "\n\n", "\t", "\u00a0", "\u2028", "\u2029", "\uFEFF", "  "),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "```",
      "```\n",
      "\n```\n",
      "````",
      "[",
      "]",
      "(",
      ")",
      "](",
      "![",
      "[link](https://x.example/a)",
      "![img](i.png)",
      "[multi\nline](u)",
      "[text](multi\nline)",
      "\n#",
      "\n# ",
      "\n## Heading ",
      "\n###\n",
      "\n#######\n",
      "\n>",
      "\n> ",
      "\n>\n",
      "*",
      "**",
      "_",
      "`",
      "-",
      ".",
      "'",
    ),
  },
);
const body = fc
  .array(piece, { maxLength: 400, size: "max" })
  .chain((pieces) =>
    fc
      .array(fc.constantFrom(...WORDS, " ", ". "), { maxLength: 300, size: "max" })
      .map((filler) => pieces.join("") + (pieces.length % 3 === 0 ? filler.join(" ") : "")),
  );
const terms = fc.array(fc.constantFrom(...TERMS), { minLength: 1, maxLength: 3 });

function docOf(title: string, text: string): CorpusDocument {
  // A document's `body` is the text after the frontmatter, line ends normalised: build one that way.
  const [doc] = corpusFromFiles([
    { path: "docs/generated.md", text: `---\ntitle: ${title}\n---\n${text}` },
  ]).documents;
  return doc!;
}

describe("snippets from the start of a body", () => {
  it("plainText is the reference's, on generated markdown and on any string (fast-check)", () => {
    const anyText = fc.string({
      unit: fc.constantFrom(
        "a",
        "Σ",
        " ",
        "  ",
        "\t",
        "\n",
        "\u00a0",
        "\u2028",
        "\uFEFF",
        "*",
        "#",
        ">",
        "[",
        "]",
        "(",
        ")",
        "`",
      ),
      maxLength: 200,
      size: "max",
    });
    fc.assert(
      fc.property(fc.oneof(body, anyText), (text) => {
        expect(plainText(text)).toBe(referencePlainText(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("the plain text of a prefix is the start of the whole plain text, followed by a space (fast-check)", () => {
    fc.assert(
      fc.property(body, fc.nat({ max: 6000 }), (text, atLeast) => {
        const whole = referencePlainText(text);
        const plain = plainPrefix(text, atLeast);
        if (plain.complete) {
          expect(plain.text).toBe(whole);
        } else {
          expect(plain.text.length).toBeGreaterThan(0);
          expect(whole.startsWith(plain.text)).toBe(true);
          if (whole.length > plain.text.length) expect(whole[plain.text.length]).toBe(" ");
          expect(whole.toLowerCase().startsWith(plain.lower)).toBe(true);
          expect(plain.from).toBeGreaterThanOrEqual(Math.min(atLeast, text.length));
        }
        expect(plain.lower).toBe(plain.text.toLowerCase());
      }),
      { numRuns: 3000 },
    );
  });

  it("gives the whole-body snippet from any first cut (fast-check)", () => {
    fc.assert(
      fc.property(body, terms, fc.nat({ max: 6000 }), (text, wanted, from) => {
        const doc = docOf("Generated", text);
        const expected = referenceSnippet(doc.title, doc.body, wanted);
        expect(snippetWithin(doc, doc.body, wanted, from).snippet).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("gives the whole-body snippet through the plain-text cache, query after query (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(body, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), terms), { minLength: 1, maxLength: 12 }),
        (texts, asks) => {
          const docs = texts.map((t, i) => docOf(`Doc ${i}`, t));
          for (const [which, wanted] of asks) {
            const doc = docs[which % docs.length]!;
            expect(querySnippet(doc, wanted)).toBe(referenceSnippet(doc.title, doc.body, wanted));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("long bodies whose first match lies past the first cuts (fast-check)", () => {
    // Past MIN_PREFIX (1 KB): paragraphs of filler, then the constructs and the terms.
    fc.assert(
      fc.property(
        fc.nat({ max: 400 }),
        body,
        terms,
        fc.nat({ max: 9000 }),
        (paragraphs, tail, wanted, from) => {
          const filler = Array.from(
            { length: paragraphs },
            (_, i) => `${i % 5 === 0 ? "\n" : ""}Filler **line** ${i} with [a](b) and _x_.\n`,
          );
          const doc = docOf("Long", `${filler.join("")}${tail}`);
          const expected = referenceSnippet(doc.title, doc.body, wanted);
          expect(querySnippet(doc, wanted)).toBe(expected);
          expect(snippetWithin(doc, doc.body, wanted, from).snippet).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a term that starts before an earlier-found one and runs past the cut, from every first cut", () => {
    // Terms are matched in the plain text, where a line end is a space: a phrase laid over many
    // lines straddles most cuts, and "edge" inside it is found before the phrase is.
    const phrase = Array.from({ length: 40 }, (_, i) => (i === 2 ? "edge" : `word${i}`)).join(" ");
    const filler = Array.from({ length: 30 }, (_, i) => `Filler line ${i} with nothing to find.`);
    const doc = docOf("Phrase", `${filler.join("\n")}\n${phrase.split(" ").join("\n")}\ntail words here\n`);
    const wanted = ["edge", phrase];
    const expected = referenceSnippet(doc.title, doc.body, wanted);
    // The phrase moves the window: without it the snippet starts later.
    expect(expected).not.toBe(referenceSnippet(doc.title, doc.body, ["edge"]));
    for (let from = 0; from <= doc.body.length; from += 3) {
      expect(snippetWithin(doc, doc.body, wanted, from).snippet).toBe(expected);
    }
  });

  it("every hit of searches over the sample corpus has the whole-body snippet", async () => {
    const corpus = await loadCorpus(sampleCorpusDir());
    const server = await createReferenceServer({ corpus });
    const index = new SearchIndex(corpus.documents);
    try {
      // Queries from the corpus's own titles and headings: two words each, spread across it.
      const docs = corpus.documents;
      const queries = new Set<string>();
      for (let i = 0; i < docs.length; i += 8) {
        const words = `${docs[i]!.title} ${docs[i]!.body.slice(0, 400)}`
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 3);
        queries.add(words.slice(0, 2).join(" "));
        queries.add(words.slice(-2).join(" "));
      }
      let hits = 0;
      for (const input of queries) {
        if (input.trim() === "") continue;
        const ranked = index.search(input).slice(0, 25);
        for (const hit of ranked) {
          const expected = referenceSnippet(hit.doc.title, hit.doc.body, hit.terms);
          expect(querySnippet(hit.doc, hit.terms)).toBe(expected);
          for (const from of [0, 100, 700]) {
            expect(snippetWithin(hit.doc, hit.doc.body, hit.terms, from).snippet).toBe(expected);
          }
          hits++;
        }
        const result = resultOf(await server.callTool("oddkit_search", { input, limit: 25 }));
        const entries = result.data as { uri: string; snippet: string }[];
        for (const entry of entries) {
          const doc = corpus.byUri.get(entry.uri)!;
          const terms = ranked.find((h) => h.doc === doc)?.terms;
          if (terms) expect(entry.snippet).toBe(referenceSnippet(doc.title, doc.body, terms));
        }
      }
      expect(hits).toBeGreaterThan(1000);
    } finally {
      await server.close();
    }
  });
});
