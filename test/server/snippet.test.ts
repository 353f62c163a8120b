/** The search snippet: a ≤200-character window of prose around the first matched term. */
import { describe, expect, it } from "vitest";
import { corpusFromFiles } from "../../src/corpus/index.js";
import { SNIPPET_MAX_LENGTH } from "../../src/server/index.js";
import { plainText, querySnippet } from "../../src/server/snippet.js";

const long = `${"Lorem ipsum dolor sit amet. ".repeat(20)}The edge cache keeps the catalog warm. ${"Consectetur adipiscing elit. ".repeat(20)}`;
const [doc] = corpusFromFiles([
  { path: "docs/long.md", text: `---\ntitle: Long\n---\n# Long\n\n${long}\n` },
]).documents;

describe("querySnippet", () => {
  it("centres on the first word-start match and stays within 200 characters", () => {
    const snippet = querySnippet(doc!, ["cache"]);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX_LENGTH);
    expect(snippet).toContain("The edge cache keeps the catalog warm.");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
  });

  it("does not match inside a word, and falls back to the start of the prose", () => {
    const snippet = querySnippet(doc!, ["ipsu"]);
    expect(snippet.startsWith("Lorem ipsum")).toBe(true);
    expect(querySnippet(doc!, ["orem"]).startsWith("Lorem ipsum")).toBe(true);
    // "ache" occurs only inside "cache", far past the first window: a mid-word match would centre there.
    expect(querySnippet(doc!, ["ache"]).startsWith("Lorem ipsum")).toBe(true);
  });

  it("drops headings, emphasis and link targets from the prose", () => {
    expect(plainText("# Title\n\nSee **[the guide](https://x.example/a)** and `code`.")).toBe(
      "See the guide and code.",
    );
  });
});
