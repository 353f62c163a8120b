/**
 * The frontmatter fast path (src/corpus/frontmatter-fast.ts) against the YAML
 * parser: `parseFrontmatter` must give exactly what `parseFrontmatterYaml`
 * gives (data, value types, key order, problems) on real frontmatter (the
 * sample corpus, the fixture corpora, a generated corpus with another seed)
 * and on generated lines built from the characters and shapes where the
 * subset ends (quotes, escapes, `: `, ` #`, indicators, numbers, null and
 * bool words, non-breaking and other Unicode spaces, tabs, controls, astral
 * characters, duplicate and odd keys, nested and mixed-indentation lists).
 * On every one of those inputs the fast path also answers (or refuses)
 * exactly as its earlier regex-per-line version did (frontmatter-fast-oracle.ts).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateCorpus } from "../../scripts/generate-corpus.js";
import { normalizeText } from "../../src/corpus/document.js";
import { parseFrontmatter, parseFrontmatterYaml, splitFrontmatter } from "../../src/corpus/frontmatter.js";
import { fastFrontmatter } from "../../src/corpus/frontmatter-fast.js";
import { CORPUS_ROOTS, markdownFiles } from "../support/markdown-files.js";
import { fastFrontmatter as fastFrontmatterBefore } from "./frontmatter-fast-oracle.js";

function yamlOf(text: string): string | null {
  return splitFrontmatter(normalizeText(text)).yaml;
}

/**
 * Where two values differ (prototype, own keys in order, property attributes, primitives by
 * Object.is), or null when they are the same. Own properties are compared as such: vitest's
 * toStrictEqual reads `constructor`, which a frontmatter key can be.
 */
function difference(a: unknown, b: unknown, at = "$"): string | null {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? null : `${at}: ${String(a)} vs ${String(b)}`;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: another prototype`;
  const keys = Reflect.ownKeys(a);
  const otherKeys = Reflect.ownKeys(b);
  if (keys.join("\u0000") !== otherKeys.join("\u0000"))
    return `${at}: keys ${keys.join()} vs ${otherKeys.join()}`;
  for (const key of keys) {
    const x = Object.getOwnPropertyDescriptor(a, key)!;
    const y = Object.getOwnPropertyDescriptor(b, key)!;
    if (x.enumerable !== y.enumerable || x.writable !== y.writable || x.configurable !== y.configurable) {
      return `${at}.${String(key)}: other property attributes`;
    }
    const inner = difference(x.value, y.value, `${at}.${String(key)}`);
    if (inner !== null) return inner;
  }
  return null;
}

/** The same reading as the parser's (data, types, key order, problems); true when the fast path answered. */
function agrees(yaml: string): boolean {
  const reference = parseFrontmatterYaml(yaml, 2);
  const got = parseFrontmatter(yaml, 2);
  expect(got.problems).toEqual(reference.problems);
  expect(difference(got.data, reference.data), JSON.stringify(yaml)).toBeNull();
  const fast = fastFrontmatter(yaml);
  if (fast !== null) expect(reference.problems).toEqual([]);
  expect(difference(fast, fastFrontmatterBefore(yaml)), JSON.stringify(yaml)).toBeNull();
  return fast !== null;
}

describe("frontmatter fast path on real frontmatter", () => {
  it("reads the sample and fixture corpora exactly as the YAML parser does, and answers most of them", () => {
    let total = 0;
    let fast = 0;
    for (const root of CORPUS_ROOTS) {
      for (const file of markdownFiles(root)) {
        const yaml = yamlOf(readFileSync(file, "utf8"));
        if (yaml === null) continue;
        total++;
        if (agrees(yaml)) fast++;
      }
    }
    expect(total).toBeGreaterThan(500);
    // Without this the test could pass with a fast path that never answers.
    expect(fast / total).toBeGreaterThan(0.5);
  });

  it("reads a generated corpus of another seed exactly as the YAML parser does", () => {
    let total = 0;
    let fast = 0;
    for (const file of generateCorpus({ docs: 1500, seed: "frontmatter-fast" })) {
      const yaml = yamlOf(file.text);
      if (yaml === null) continue;
      total++;
      if (agrees(yaml)) fast++;
    }
    expect(fast / total).toBeGreaterThan(0.5);
  });
});

/** Pieces of values where the subset's rules bite. */
const PIECES = [
  "a",
  "Title",
  "word",
  "klappy://canon/x",
  "a:b",
  ": ",
  ":",
  " #",
  "#",
  "'",
  "''",
  '"',
  '\\"',
  "\\\\",
  "\\n",
  "\\",
  "[",
  "]",
  ",",
  ", ",
  "{",
  "}",
  "-",
  "- ",
  "?",
  "~",
  "!",
  "&",
  "*",
  "|",
  ">",
  "%",
  "@",
  "`",
  ".",
  "0",
  "7",
  "42",
  "1e3",
  "0x1F",
  "0o17",
  ".inf",
  ".NaN",
  "+",
  "null",
  "Null",
  "true",
  "False",
  "2024-05-01",
  "12345678901234567890",
  " ",
  "  ",
  "\t",
  "\u00a0",
  "\u2003",
  "\u2028",
  "\u0085",
  "\ufeff",
  "\u0007",
  "é",
  "—",
  "🎉",
  "\ud800",
];

const piece = fc.constantFrom(...PIECES);
const text = fc.array(piece, { minLength: 0, maxLength: 6 }).map((parts) => parts.join(""));
const key = fc.constantFrom(
  "title",
  "tags",
  "uri",
  "tier",
  "a-b",
  "_x",
  "true",
  "null",
  "Yes",
  "__proto__",
  "constructor",
  "9a",
  "og:title",
  "a b",
);
const scalarValue = fc.oneof(
  text,
  text.map((t) => `'${t}'`),
  text.map((t) => `"${t}"`),
  fc.array(text, { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
  fc.array(text, { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
);
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, scalarValue).map(([k, v]) => `${k}: ${v}`) },
  { weight: 2, arbitrary: key.map((k) => `${k}:`) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom("", "  ", "    ", " "), scalarValue).map(([i, v]) => `${i}- ${v}`),
  },
  { weight: 1, arbitrary: fc.tuple(key, text).map(([k, v]) => `${k}:${v}`) },
  { weight: 1, arbitrary: fc.tuple(key, text).map(([k, v]) => `  ${k}: ${v}`) },
  { weight: 1, arbitrary: text.map((t) => `# ${t}`) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "  - ", "-", "---", "...", "%YAML 1.2") },
);
const frontmatter = fc.array(line, { minLength: 0, maxLength: 8 }).map((lines) => `${lines.join("\n")}\n`);

/** Mostly well-formed frontmatter: the fast path's own shapes, so that it answers often. */
const plainText = fc
  .array(
    fc.constantFrom(
      "a",
      "Word",
      "x-y",
      "klappy://z",
      "2024-05-01",
      "42",
      "it's",
      "é",
      "1.5",
      "null",
      "a\u00a0",
      "b\u2003",
      "c  ",
      "true",
      "~",
    ),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((parts) => parts.join(" "));
const goodKey = fc.constantFrom(
  "title",
  "tags",
  "uri",
  "tier",
  "a-b",
  "_x",
  "constructor",
  "date",
  "related",
);
const wellFormed = fc
  .uniqueArray(
    fc.tuple(
      goodKey,
      fc.oneof(
        fc.tuple(key, plainText).map(([k, v]) => `${k}: ${v}`),
        fc.tuple(key, plainText).map(([k, v]) => `${k}: "${v}: more"`),
        fc.tuple(key, plainText).map(([k, v]) => `${k}: '${v}'`),
        fc
          .tuple(key, fc.array(plainText, { maxLength: 3 }))
          .map(([k, items]) => `${k}: [${items.join(", ")}]`),
        fc
          .tuple(key, fc.constantFrom("", "  "), fc.array(plainText, { maxLength: 3 }))
          .map(([k, indent, items]) => [`${k}:`, ...items.map((i) => `${indent}- ${i}`)].join("\n")),
      ),
    ),
    { minLength: 1, maxLength: 6, selector: ([k]) => k },
  )
  .map((lines) => `${lines.map(([k, rest]) => rest.replace(/^[^:]*:/, `${k}:`)).join("\n")}\n`);

describe("frontmatter fast path on generated frontmatter (fast-check)", () => {
  // The parser warns on process for unresolved `!tags` (thousands here); the warnings are not what is tested.
  beforeAll(() => {
    vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("never reads anything differently from the YAML parser", () => {
    fc.assert(
      fc.property(frontmatter, (yaml) => {
        agrees(yaml);
      }),
      { numRuns: 3000 },
    );
  });

  it("answers and refuses exactly as the regex-per-line fast path did, on any lines of the pieces", () => {
    const spaces = fc.constantFrom("", " ", "  ");
    const anyLine = fc.oneof(
      // Key lines and list items with any value of the pieces (around and between them, any spacing),
      fc.tuple(key, fc.constantFrom(":", ": ", ":  ", " :"), text, spaces).map((parts) => parts.join("")),
      fc.tuple(spaces, fc.constantFrom("-", "- ", "-  "), text, spaces).map((parts) => parts.join("")),
      // and anything else the pieces make.
      fc
        .array(fc.oneof(piece, key, fc.constantFrom("- ", ": ", ":", "-")), { maxLength: 8 })
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 8 }), (lines) => {
        const yaml = lines.join("\n");
        expect(
          difference(fastFrontmatter(yaml), fastFrontmatterBefore(yaml)),
          JSON.stringify(yaml),
        ).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it("answers well-formed frontmatter often, always as the YAML parser does", () => {
    let answered = 0;
    fc.assert(
      fc.property(wellFormed, (yaml) => {
        if (agrees(yaml)) answered++;
      }),
      { numRuns: 1000 },
    );
    expect(answered).toBeGreaterThan(200);
  });
});
