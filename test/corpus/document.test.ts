/**
 * src/corpus/document.ts holds the index's document rules for edge code (the
 * forward shim): neither it nor anything it imports may reach for Node.
 */
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/bundle-entry.js";
import { buildDocument, normalizeText, readDocumentText } from "../../src/corpus/document.js";
import { parseDocument } from "../../src/corpus/parse.js";

const ENTRY = fileURLToPath(new URL("../../src/corpus/document.ts", import.meta.url));

describe("src/corpus/document.ts", () => {
  it("imports nothing from Node, directly or through its imports (yaml included)", async () => {
    const bundle = await bundleEntry({ entry: ENTRY, minify: false });
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs.some((p) => p.endsWith("src/corpus/frontmatter.ts"))).toBe(true);
    expect(inputs.some((p) => p.includes("node_modules/yaml/"))).toBe(true);
    expect(bundle.nodeImports).toEqual([]);
  });

  it("builds the document parseDocument builds, with the content hash it is given", () => {
    const text = "---\ntitle: T\ndate: 2026-05-23\n---\n# H\n\n> Quote.\n\n## Summary\n\nS.\n";
    const expected = parseDocument("docs/a.md", text).document!;
    expect(buildDocument("docs/a.md", text, readDocumentText(text), expected.contentHash)).toEqual(expected);
  });
});

describe("normalizeText", () => {
  it("drops one leading byte-order mark and makes every \\r\\n and lone \\r a \\n, as the two replaces it stands for", () => {
    const unit = fc.constantFrom(
      "\r",
      "\n",
      "\r\n",
      "\n\r",
      "\ufeff",
      "a",
      "é",
      "—",
      "\u2028",
      "\ud83d\ude00",
      " ",
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }), (units) => {
        const text = units.join("");
        expect(normalizeText(text)).toBe(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
      }),
      { numRuns: 3000 },
    );
  });
});
