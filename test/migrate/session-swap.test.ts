/**
 * The engine's warm project swaps texts in place (engine.ts
 * AnalysisSession.set). The engine computes its rewrites from the project's
 * node positions and applies them to the text it was given, so the project
 * must hold that text byte for byte (less a byte-order mark), swap after
 * swap, for texts it was not written for: CRLF and lone CR line breaks, tabs,
 * template literals, comments, comment-only and empty files. (ts-morph's
 * `replaceWithText`, used before, turned CRLF into LF: every rewrite in a
 * CRLF file landed off; test/migrate/golden.test.ts holds the CRLF outputs.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnalysisSession } from "../../codemods/migrate/engine.js";

const piece = fc.constantFrom(
  "\r",
  "\n",
  "\r\n",
  "\r\r\n",
  "\t",
  " ",
  "  ",
  "`",
  "'",
  '"',
  "/",
  "*",
  "a",
  "{",
  "}",
  "${",
  "\\",
  "x\n  y",
  "// c\r\n",
  "/* \r\n */",
  "/**",
  "*/",
  "\u2028",
  "/re/",
  "(",
  ")",
  ";",
  "\n\n",
  "\t\n",
  "<div>",
  "const x = `\r\n  a\r\n`;\r\n",
  "export async function f(q: string) {\n\treturn q;\n}\n",
  "  if (x) {\r\n    y();\r\n  }\r\n",
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(""));

describe("AnalysisSession.set", () => {
  it("holds the text it is given, swap after swap, and its tree parses that text", () => {
    const session = new AnalysisSession("/nonexistent-oddkit-s8");
    let n = 0;
    fc.assert(
      fc.property(text, text, text, (first, second, third) => {
        const file = `/nonexistent-oddkit-s8/src/a${n++}.ts`;
        for (const given of [first, second, third, second]) {
          const sf = session.set(file, given);
          expect(session.text(file)).toBe(given);
          // Positions come from the tree: its end is the text's length.
          expect(sf.getEnd()).toBe(given.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("strips a byte-order mark and counts no change when the text is the same", () => {
    const session = new AnalysisSession("/nonexistent-oddkit-s8");
    const file = "/nonexistent-oddkit-s8/src/b.ts";
    session.set(file, "\uFEFFconst a = 1;\r\nconst b = 2;\r\n");
    expect(session.text(file)).toBe("const a = 1;\r\nconst b = 2;\r\n");
    const first = session.analyse([file]);
    session.set(file, "const a = 1;\r\nconst b = 3;\r\n");
    expect(session.text(file)).toBe("const a = 1;\r\nconst b = 3;\r\n");
    const second = session.analyse([file]);
    expect(second).not.toBe(first);
    // The same text again (as the project holds it, or as given): the analysis is kept.
    session.set(file, "const a = 1;\r\nconst b = 3;\r\n");
    expect(session.analyse([file])).toBe(second);
  });
});
