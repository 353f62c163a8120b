/**
 * The loader on a hand-made folder of real-world frontmatter mess
 * (test/fixtures/corpora/odd-frontmatter): every index rule, with exact values.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { parseFrontmatter } from "../../src/corpus/frontmatter.js";
import { type Corpus, type CorpusDocument, loadCorpus } from "../../src/corpus/index.js";

const DIR = fileURLToPath(new URL("../fixtures/corpora/odd-frontmatter/", import.meta.url));

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadCorpus(DIR);
});

function doc(path: string): CorpusDocument {
  const found = corpus.byPath.get(path);
  if (!found) throw new Error(`fixture document ${path} is not served`);
  return found;
}

describe("which files are served", () => {
  it("serves every markdown file except exposure: noindex, sorted by path", () => {
    expect(corpus.documents.map((d) => d.path)).toEqual([
      "README.md",
      "canon/principles/plain-principle.md",
      "docs/bad-indentation.md",
      "docs/crlf.md",
      "docs/duplicate-a.md",
      "docs/duplicate-b.md",
      "docs/unclosed-fence.md",
      "docs/unclosed-quote.md",
      "odd/challenge/challenge-as-canon.md",
      "odd/contract/oddkit-scheme.md",
      "odd/handoffs/handoff-escaped.md",
      "odd/ledger/2026-01-ledger-entry.md",
      "public/landing.md",
      "scripts/notes.md",
      "writings/essay-dates.md",
    ]);
    expect(corpus.skipped).toEqual([{ path: "docs/noindex.md", reason: "exposure: noindex" }]);
  });

  it("reports one warning per problem, naming the file and the line", () => {
    expect(corpus.warnings.map((w) => [w.path, w.line])).toEqual([
      ["docs/bad-indentation.md", 2],
      ["docs/duplicate-b.md", undefined],
      ["docs/unclosed-fence.md", 1],
      ["docs/unclosed-quote.md", 2],
      ["odd/ledger/2026-01-ledger-entry.md", 8],
      ["writings/essay-dates.md", undefined],
    ]);
    const [indent, dup, fence, quote, ledger, date] = corpus.warnings.map((w) => w.message);
    expect(indent).toContain("Nested mappings are not allowed in compact mappings");
    expect(dup).toContain("klappy://shared/duplicate is also declared by docs/duplicate-a.md");
    expect(fence).toContain("never closed");
    expect(quote).toContain('Missing closing "quote');
    expect(ledger).toContain("Implicit keys need to be on a single line");
    expect(date).toContain('"last spring" is not a YYYY-MM-DD date');
  });
});

describe("frontmatter", () => {
  it("is {} when a file has none", () => {
    expect(doc("canon/principles/plain-principle.md").frontmatter).toEqual({});
    expect(doc("scripts/notes.md").frontmatter).toEqual({});
  });

  it("keeps the readable keys of YAML with an unclosed quote", () => {
    expect(doc("docs/unclosed-quote.md").frontmatter).toEqual({
      title: "Unclosed quote in the title",
      audience: "docs",
      tier: 2,
    });
  });

  it("reads badly indented keys as top-level keys", () => {
    expect(doc("docs/bad-indentation.md").frontmatter).toEqual({
      title: "Bad Indentation",
      audience: "docs",
      tier: 2,
    });
  });

  it("gives list items written after other keys to the empty tags: key", () => {
    expect(doc("odd/ledger/2026-01-ledger-entry.md").frontmatter).toEqual({
      title: "Ledger entry with tags after keys",
      kind: "odd",
      tags: ["ledger", "tags-after-keys"],
      audience: "odd",
      exposure: "nav",
      tier: 3,
    });
  });

  it("unescapes quotes inside values and keeps out-of-enumeration values as written", () => {
    expect(doc("odd/handoffs/handoff-escaped.md").frontmatter).toEqual({
      title: 'The "quoted" handoff',
      description: "It's a handoff with 'single' quotes",
      kind: "docs",
      audience: "crew",
      exposure: "nav",
      tier: 3,
      tags: ["handoff", "escaped"],
      date: "2026-05-23",
    });
  });

  it("treats a frontmatter fence that is never closed as body", () => {
    const d = doc("docs/unclosed-fence.md");
    expect(d.frontmatter).toEqual({});
    expect(d.body).toBe("---\ntitle: Frontmatter never closed\naudience: docs\n\n# Unclosed Frontmatter\n");
    expect(d.title).toBe("Unclosed Frontmatter");
  });

  it("reads CRLF files like LF files", () => {
    const d = doc("docs/crlf.md");
    expect(d.frontmatter).toEqual({ title: "Windows line endings", audience: "docs" });
    expect(d.blockquote).toBe("Quote with CRLF endings.");
    expect(d.raw).toContain("\r\n");
  });
});

describe("uri", () => {
  it("is the frontmatter uri, whatever its scheme", () => {
    expect(doc("odd/contract/oddkit-scheme.md").uri).toBe("oddkit://contract/disclosure");
    expect(corpus.byUri.get("oddkit://contract/disclosure")?.path).toBe("odd/contract/oddkit-scheme.md");
  });

  it("else klappy://<path without .md>", () => {
    expect(doc("canon/principles/plain-principle.md").uri).toBe("klappy://canon/principles/plain-principle");
    expect(doc("README.md").uri).toBe("klappy://README");
  });

  it("duplicates: both served, the first by path answers for the uri", () => {
    expect(doc("docs/duplicate-a.md").uri).toBe("klappy://shared/duplicate");
    expect(doc("docs/duplicate-b.md").uri).toBe("klappy://shared/duplicate");
    expect(corpus.byUri.get("klappy://shared/duplicate")?.path).toBe("docs/duplicate-a.md");
  });
});

describe("title", () => {
  it("is the frontmatter title, else the first # heading, else the file name", () => {
    expect(doc("odd/handoffs/handoff-escaped.md").title).toBe('The "quoted" handoff');
    expect(doc("canon/principles/plain-principle.md").title).toBe("Plain Principle");
    expect(doc("scripts/notes.md").title).toBe("notes");
  });

  it("never takes a heading inside a code fence", () => {
    expect(doc("odd/challenge/challenge-as-canon.md").body).toContain("# Not the heading");
    expect(doc("odd/challenge/challenge-as-canon.md").title).toBe("Challenge promoted to canon");
  });
});

describe("blockquote", () => {
  it("joins a several-line > paragraph under the H1 with spaces", () => {
    expect(doc("canon/principles/plain-principle.md").blockquote).toBe(
      "A principle written without any frontmatter at all. Its blockquote spans three lines and is joined with single spaces.",
    );
  });

  it("is null when the first block under the H1 is not a quote", () => {
    expect(doc("docs/bad-indentation.md").blockquote).toBeNull();
    expect(doc("odd/challenge/challenge-as-canon.md").blockquote).toBeNull();
  });

  it("is null without an H1", () => {
    expect(doc("public/landing.md").blockquote).toBeNull();
  });
});

describe("summary", () => {
  it("reads `## Summary — …` up to the next level-2 heading, keeping deeper headings and skipping fenced look-alikes", () => {
    expect(doc("odd/challenge/challenge-as-canon.md").summary).toBe(
      "A challenge that canon adopted.\nIt keeps two lines.\n\n### A level-three heading stays inside\n\nStill summary.",
    );
  });

  it("reads `## Summary: …` and plain `## Summary`", () => {
    expect(doc("odd/contract/oddkit-scheme.md").summary).toBe("Colon summaries count too.");
    expect(doc("canon/principles/plain-principle.md").summary).toBe(
      "Principles without frontmatter still get a uri from their path.",
    );
  });

  it("does not read `## Summaryish` as a summary", () => {
    expect(doc("writings/essay-dates.md").summary).toBeNull();
  });
});

describe("kind (two-tier)", () => {
  it("a valid frontmatter kind overrides the path", () => {
    const d = doc("odd/challenge/challenge-as-canon.md");
    expect(d.kind).toBe("canon");
    expect(d.kindResolution).toMatchObject({
      source: "frontmatter",
      pathKind: "journals",
      overridesPath: true,
    });
    expect(doc("odd/handoffs/handoff-escaped.md").kind).toBe("docs");
  });

  it("kind: odd is not a kind: the path decides and the value is reported", () => {
    const d = doc("odd/ledger/2026-01-ledger-entry.md");
    expect(d.kind).toBe("journals");
    expect(d.kindResolution).toMatchObject({ source: "path", invalidDeclaredKind: "odd" });
  });

  it("files outside the kind folders have no kind", () => {
    for (const path of ["README.md", "public/landing.md", "scripts/notes.md"]) {
      expect(doc(path).kind).toBeNull();
      expect(doc(path).kindResolution.source).toBe("none");
    }
  });
});

describe("date", () => {
  it("is an ISO string from a YAML date, a quoted date or a timestamp", () => {
    expect(doc("odd/handoffs/handoff-escaped.md").date).toBe("2026-05-23T00:00:00.000Z");
    expect(doc("odd/challenge/challenge-as-canon.md").date).toBe("2025-12-01T00:00:00.000Z");
    expect(doc("odd/contract/oddkit-scheme.md").date).toBe("2026-01-15T10:30:00.000Z");
  });

  it("is null when absent or unreadable (the frontmatter keeps the text)", () => {
    expect(doc("README.md").date).toBeNull();
    expect(doc("writings/essay-dates.md").date).toBeNull();
    expect(doc("writings/essay-dates.md").frontmatter.date).toBe("last spring");
  });
});

describe("body and hashes", () => {
  it("body is the markdown after the frontmatter; raw is the whole file", () => {
    const d = doc("public/landing.md");
    expect(d.body).toBe("\nText without a heading.\n");
    expect(d.raw).toBe("---\ntitle: Landing page\n---\n\nText without a heading.\n");
  });

  it("contentHash is the sha256 hex of the file text (as `sha256sum` prints it)", () => {
    expect(doc("scripts/notes.md").contentHash).toBe(
      "9f48b8bd08bee3b4209566e28bda6028c2adf24fb43bc8ca4d2cfacd7963ae21",
    );
  });
});

describe("parseFrontmatter names the kind of problem", () => {
  it("unparseable YAML and a non-mapping are told apart (the audit's finding types)", () => {
    expect(parseFrontmatter('title: "open\nkind: docs\n', 2).problems.map((p) => p.type)).toEqual([
      "unparseable",
    ]);
    expect(parseFrontmatter("- a\n- b\n", 2).problems.map((p) => p.type)).toEqual(["not_mapping"]);
    expect(parseFrontmatter("title: T\n", 2).problems).toEqual([]);
  });
});
