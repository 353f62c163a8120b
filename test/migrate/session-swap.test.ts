/**
 * The engine's warm project swaps texts in place (engine.ts
 * AnalysisSession.set). It used ts-morph's `replaceWithText`, whose
 * manipulation asks the language service for the file's indentation (a
 * program rebuild per swap) and writes the text through ts-morph's code
 * writer. The swap now parses the text as that would have left it: the
 * project must hold, byte for byte, the text `replaceWithText` leaves —
 * detection's positions and the gate's diagnostics are read from it — for
 * texts it was not written for: CRLF and lone CR line breaks, tabs,
 * template literals, comments, comment-only and empty files.
 */
import fc from "fast-check";
import { Project } from "ts-morph";
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

/** What ts-morph's own replace leaves in a project holding `before`. */
function replaced(before: string, after: string): string {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile("/work/a.ts", before);
  file.replaceWithText(after);
  return file.getFullText();
}

describe("AnalysisSession.set", () => {
  it("leaves the text ts-morph's replaceWithText leaves, swap after swap", () => {
    const session = new AnalysisSession("/nonexistent-oddkit-s8");
    let n = 0;
    fc.assert(
      fc.property(text, text, text, (first, second, third) => {
        const file = `/nonexistent-oddkit-s8/src/a${n++}.ts`;
        session.set(file, first);
        expect(session.text(file)).toBe(first);
        session.set(file, second);
        expect(session.text(file)).toBe(replaced(first, second));
        const held = session.text(file) as string;
        session.set(file, third);
        expect(session.text(file)).toBe(replaced(held, third));
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
    expect(session.text(file)).toBe("const a = 1;\nconst b = 3;\n");
    const second = session.analyse([file]);
    expect(second).not.toBe(first);
    // The same text again (as the project holds it, or as given): the analysis is kept.
    session.set(file, "const a = 1;\r\nconst b = 3;\r\n");
    expect(session.analyse([file])).toBe(second);
  });
});
