/**
 * Loading as a whole: kind maps, in-memory files, the revision digest, and
 * the errors a caller can act on.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_KIND_MAP } from "../../src/contract/index.js";
import { corpusFromFiles, loadCorpus, parseDocument, sampleCorpusDir } from "../../src/corpus/index.js";

const APOCRYPHA = fileURLToPath(new URL("../fixtures/corpora/apocrypha-under-canon/", import.meta.url));

describe("kind maps", () => {
  it("the default map leaves canon/apocrypha/ as canon and apocrypha/ as apocrypha", async () => {
    const corpus = await loadCorpus(APOCRYPHA);
    expect(corpus.kindMap).toBe(DEFAULT_KIND_MAP);
    expect(corpus.documents.map((d) => [d.path, d.kind])).toEqual([
      ["apocrypha/top-level.md", "apocrypha"],
      ["canon/apocrypha/lost-rule.md", "canon"],
      ["canon/apocrypha/old-gospel.md", "canon"],
      ["canon/principles/current-rule.md", "canon"],
    ]);
  });

  it("a prefix map makes canon/apocrypha/ apocrypha: the longest prefix wins", async () => {
    const kindMap = { ...DEFAULT_KIND_MAP, "canon/apocrypha/": "apocrypha" } as const;
    const corpus = await loadCorpus(APOCRYPHA, { kindMap });
    expect(corpus.documents.map((d) => [d.path, d.kind])).toEqual([
      ["apocrypha/top-level.md", "apocrypha"],
      ["canon/apocrypha/lost-rule.md", "apocrypha"],
      ["canon/apocrypha/old-gospel.md", "apocrypha"],
      ["canon/principles/current-rule.md", "canon"],
    ]);
    expect(corpus.kindMap).toEqual(kindMap);
    expect(corpus.documents.every((d) => d.kindResolution.source === "path")).toBe(true);
  });

  it("a map with only the apocrypha prefix leaves every other path without a kind", async () => {
    const corpus = await loadCorpus(APOCRYPHA, { kindMap: { "canon/apocrypha/": "apocrypha" } });
    expect(corpus.byPath.get("canon/apocrypha/old-gospel.md")?.kind).toBe("apocrypha");
    expect(corpus.byPath.get("canon/principles/current-rule.md")?.kind).toBeNull();
  });
});

describe("corpusFromFiles", () => {
  it("builds the same corpus as the folder, from memory, in path order", () => {
    const corpus = corpusFromFiles(
      [
        { path: "writings/b.md", text: "# B\n" },
        { path: "./canon\\a.md", text: "---\ntitle: A\n---\n# Heading A\n" },
      ],
      { root: "/virtual" },
    );
    expect(corpus.root).toBe("/virtual");
    expect(corpus.documents.map((d) => [d.path, d.uri, d.title, d.kind])).toEqual([
      ["canon/a.md", "klappy://canon/a", "A", "canon"],
      ["writings/b.md", "klappy://writings/b", "B", "essays"],
    ]);
    expect(corpus.warnings).toEqual([]);
  });

  it("serves the first of two files given the same path and warns", () => {
    const corpus = corpusFromFiles([
      { path: "docs/a.md", text: "# First\n" },
      { path: "docs/a.md", text: "# Second\n" },
    ]);
    expect(corpus.documents.map((d) => d.title)).toEqual(["First"]);
    expect(corpus.warnings).toEqual([
      { path: "docs/a.md", message: "path given twice; the first copy is served." },
    ]);
  });
});

describe("revision", () => {
  const files = [
    { path: "canon/a.md", text: "# A\n" },
    { path: "docs/b.md", text: "# B\n" },
  ];

  it("does not depend on the order files are given in", () => {
    expect(corpusFromFiles(files).revision).toBe(corpusFromFiles([...files].reverse()).revision);
  });

  it("changes when any document's text changes", () => {
    const changed = [files[0]!, { path: "docs/b.md", text: "# B, edited\n" }];
    expect(corpusFromFiles(changed).revision).not.toBe(corpusFromFiles(files).revision);
  });

  it("changes when a document is renamed, added or removed, but not for a noindex file", () => {
    const base = corpusFromFiles(files).revision;
    expect(corpusFromFiles([files[0]!, { path: "docs/c.md", text: "# B\n" }]).revision).not.toBe(base);
    expect(corpusFromFiles([files[0]!]).revision).not.toBe(base);
    expect(
      corpusFromFiles([...files, { path: "docs/hidden.md", text: "---\nexposure: noindex\n---\n" }]).revision,
    ).toBe(base);
  });

  it("is a sha256 hex digest", () => {
    expect(corpusFromFiles(files).revision).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("parseDocument", () => {
  it("returns the skip reason for exposure: noindex", () => {
    expect(parseDocument("docs/x.md", "---\nexposure: noindex\n---\n# X\n")).toEqual({
      document: null,
      warnings: [],
      skipped: "exposure: noindex",
    });
  });

  it("warns about frontmatter that is a list, not a mapping, and serves the document", () => {
    const result = parseDocument("docs/x.md", "---\n- a\n- b\n---\n# X\n");
    expect(result.document?.frontmatter).toEqual({});
    expect(result.warnings).toEqual([
      {
        path: "docs/x.md",
        line: 2,
        message: "frontmatter is a YAML list, not a mapping of key: value pairs; it is ignored.",
      },
    ]);
  });

  it("warns about a uri that is not a string and falls back to the path uri", () => {
    const result = parseDocument("docs/x.md", "---\nuri: 42\n---\n# X\n");
    expect(result.document?.uri).toBe("klappy://docs/x");
    expect(result.warnings[0]?.message).toContain("frontmatter uri 42 is not a string");
  });

  it("reads a blockquote only up to a bare > line (its first paragraph)", () => {
    const result = parseDocument("docs/x.md", "# X\n\n> one\n> two\n>\n> three\n");
    expect(result.document?.blockquote).toBe("one two");
  });

  it("falls back to the file name with - and _ read as spaces, as the legacy index does", () => {
    expect(parseDocument("scripts/release_check-list.md", "No heading here.\n").document?.title).toBe(
      "release check list",
    );
  });

  it("uses frontmatter title even when it is a number", () => {
    expect(parseDocument("docs/x.md", "---\ntitle: 1984\n---\n# Orwell\n").document?.title).toBe("1984");
  });
});

describe("loadCorpus errors", () => {
  it("throws naming a directory that does not exist", async () => {
    await expect(loadCorpus("/nonexistent/oddkit-corpus")).rejects.toThrow(
      "corpus directory '/nonexistent/oddkit-corpus' cannot be read",
    );
  });

  it("throws naming a path that is a file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "oddkit-corpus-"));
    try {
      const file = join(dir, "a.md");
      await writeFile(file, "# A\n");
      await expect(loadCorpus(file)).rejects.toThrow(`corpus directory '${file}' is not a directory`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("ignores node_modules, .git, dist and build folders", async () => {
    const dir = await mkdtemp(join(tmpdir(), "oddkit-corpus-"));
    try {
      for (const sub of ["node_modules/x", ".git", "dist", "build", "docs", ".cursor"]) {
        await mkdir(join(dir, sub), { recursive: true });
        await writeFile(join(dir, sub, "page.md"), "# Page\n");
      }
      const corpus = await loadCorpus(dir);
      expect(corpus.documents.map((d) => d.path)).toEqual([".cursor/page.md", "docs/page.md"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("sampleCorpusDir", () => {
  it("points at corpus/sample under the package root", () => {
    const expected = fileURLToPath(new URL("../../corpus/sample", import.meta.url));
    expect(sampleCorpusDir()).toBe(expected);
    expect(existsSync(join(sampleCorpusDir(), "..", "..", "package.json"))).toBe(true);
  });
});
