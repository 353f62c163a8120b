/**
 * Corpus folders built to attack the loaders (issue 14, items 6, 11, 14):
 * a markdown link to a file outside the corpus, a link to a folder outside,
 * a folder loop, a YAML alias bomb in one document's frontmatter. Every
 * loader (loadCorpus → serve/cost/conformance/report, auditCorpus) keeps to
 * the corpus's real files and turns each of these into a warning.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditCorpus } from "../../src/audit/index.js";
import { UNIFIED_TOOL } from "../../src/contract/index.js";
import { MAX_YAML_ALIAS_COUNT } from "../../src/corpus/frontmatter.js";
import { loadCorpus } from "../../src/corpus/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { resultOf } from "../server/helpers.js";

const DOC = (title: string) => `---
audience: public
exposure: public
tier: 2
---
# ${title}

> ${title} in one line.

Body of ${title}.
`;
const SECRET = "root:x:0:0:SECRET-MARKER:/root:/bin/bash\n";

let corpus: string;
let outside: string;
beforeEach(async () => {
  corpus = await mkdtemp(join(tmpdir(), "oddkit-corpus-attack-"));
  outside = await mkdtemp(join(tmpdir(), "oddkit-corpus-outside-"));
  await mkdir(join(corpus, "docs"), { recursive: true });
  await writeFile(join(corpus, "docs/real.md"), DOC("Real"));
  await writeFile(join(outside, "passwd"), SECRET);
  await mkdir(join(outside, "private"));
  await writeFile(join(outside, "private/internal.md"), DOC("Internal SECRET-MARKER"));
});
afterEach(async () => {
  await rm(corpus, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("links out of the corpus are reported and not served (item 6)", () => {
  beforeEach(async () => {
    await symlink(join(outside, "passwd"), join(corpus, "docs/passwd.md"));
    await symlink(join(outside, "private"), join(corpus, "docs/private"));
  });

  it("loadCorpus serves only the corpus's own files and warns about each link", async () => {
    const loaded = await loadCorpus(corpus);
    expect(loaded.documents.map((d) => d.path)).toEqual(["docs/real.md"]);
    expect(loaded.warnings).toEqual(
      expect.arrayContaining([
        { path: "docs/passwd.md", message: expect.stringMatching(/outside the corpus folder: not served/) },
        { path: "docs/private", message: expect.stringMatching(/outside the corpus folder: not served/) },
      ]),
    );
  });

  it("serve answers NOT_FOUND for the link and never returns its text", async () => {
    const server = await createReferenceServer({ corpus });
    try {
      const get = resultOf(
        await server.callTool(UNIFIED_TOOL, { action: "get", input: "klappy://docs/passwd" }),
      );
      expect(get.status).toBe("NOT_FOUND");
      const search = await server.callTool(UNIFIED_TOOL, { action: "search", input: "root bash" });
      expect(JSON.stringify(search)).not.toContain("SECRET-MARKER");
      const catalog = await server.callTool(UNIFIED_TOOL, { action: "catalog", disclosure: ["body"] });
      expect(JSON.stringify(catalog)).not.toContain("SECRET-MARKER");
      expect(server.warnings.map((w) => w.path)).toEqual(
        expect.arrayContaining(["docs/passwd.md", "docs/private"]),
      );
    } finally {
      await server.close();
    }
  });

  it("audit reads neither link and lists both as not audited", async () => {
    const report = await auditCorpus(corpus);
    expect(report.documents.map((d) => d.path)).toEqual(["docs/real.md"]);
    expect(report.notAudited.map((n) => n.path)).toEqual(["docs/passwd.md", "docs/private"]);
  });
});

describe("folder loops (item 14)", () => {
  it("a link back up the tree serves each file once", async () => {
    await mkdir(join(corpus, "docs/sub"));
    await writeFile(join(corpus, "docs/sub/deep.md"), DOC("Deep"));
    await symlink("..", join(corpus, "docs/sub/up"));
    await symlink(corpus, join(corpus, "self"));
    const loaded = await loadCorpus(corpus);
    expect(loaded.documents.map((d) => d.path)).toEqual(["docs/real.md", "docs/sub/deep.md"]);
    expect(loaded.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("inside the corpus: not followed"),
      expect.stringContaining("inside the corpus: not followed"),
    ]);
    const report = await auditCorpus(corpus);
    expect(report.documents).toHaveLength(2);
  });

  it("a link to a markdown file inside the corpus is not served twice", async () => {
    await symlink(join(corpus, "docs/real.md"), join(corpus, "docs/alias.md"));
    const loaded = await loadCorpus(corpus);
    expect(loaded.documents.map((d) => d.path)).toEqual(["docs/real.md"]);
    expect(loaded.warnings[0]).toMatchObject({
      path: "docs/alias.md",
      message: expect.stringContaining("served at its own path docs/real.md"),
    });
  });
});

describe("YAML aliases (item 11)", () => {
  const anchors = (n: number) =>
    `---\naudience: public\nexposure: public\ntier: 2\nbase: &b x\nrefs: [${Array.from({ length: n }, () => "*b").join(", ")}]\n---\n# Many refs\n\nBody.\n`;
  const bomb = [
    "---",
    "audience: public",
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
    "---",
    "# Bomb",
    "",
    "Body.",
    "",
  ].join("\n");

  it(`more than ${MAX_YAML_ALIAS_COUNT} alias references: a warning on that document, the corpus loads and serves it`, async () => {
    await writeFile(join(corpus, "docs/refs.md"), anchors(MAX_YAML_ALIAS_COUNT + 1));
    await writeFile(join(corpus, "docs/bomb.md"), bomb);
    await writeFile(join(corpus, "docs/fine.md"), anchors(3));
    const loaded = await loadCorpus(corpus);
    expect(loaded.documents.map((d) => d.path)).toEqual([
      "docs/bomb.md",
      "docs/fine.md",
      "docs/real.md",
      "docs/refs.md",
    ]);
    const warned = loaded.warnings
      .filter((w) => /alias references are refused/.test(w.message))
      .map((w) => w.path);
    expect(warned).toEqual(["docs/bomb.md", "docs/refs.md"]);
    expect(loaded.byPath.get("docs/refs.md")?.frontmatter.audience).toBe("public");
    expect(loaded.byPath.get("docs/fine.md")?.frontmatter.refs).toEqual(["x", "x", "x"]);

    const report = await auditCorpus(corpus);
    const bombAudit = report.documents.find((d) => d.path === "docs/bomb.md");
    expect(bombAudit?.findings.map((f) => f.type)).toContain("yaml_unparseable");

    const server = await createReferenceServer({ corpus });
    try {
      const got = resultOf(
        await server.callTool(UNIFIED_TOOL, { action: "get", input: "klappy://docs/bomb" }),
      );
      expect(got.status).toBe("FOUND");
    } finally {
      await server.close();
    }
  });
});
