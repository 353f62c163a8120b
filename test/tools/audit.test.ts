import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_SCHEMA_VERSION, type AuditReport, auditCorpus } from "../../src/audit/index.js";
import { DEFAULT_KIND_MAP } from "../../src/contract/index.js";
import { runCli } from "./cli-io.js";

const DEFECTS = "test/fixtures/tools/defects";
const APOCRYPHA_MAP = { ...DEFAULT_KIND_MAP, "canon/apocrypha/": "apocrypha" } as const;

function findingsOf(report: AuditReport, path: string): string[] {
  const doc = report.documents.find((d) => d.path === path);
  if (!doc) throw new Error(`no document ${path} in the report`);
  return doc.findings.map((f) => (f.field ? `${f.type}:${f.field}` : f.type));
}

describe("auditCorpus on the hand-made defect corpus (23 files, counted by hand)", () => {
  it("counts every defect type exactly", async () => {
    const report = await auditCorpus(DEFECTS, { kindMap: APOCRYPHA_MAP });
    expect(report.schemaVersion).toBe(AUDIT_SCHEMA_VERSION);
    expect(report.totals).toMatchObject({
      documents: 23,
      errors: 18,
      warnings: 2,
      infos: 2,
      documentsWithErrors: 12,
      documentsWithWarnings: 2,
    });
    expect(report.totals.byType).toEqual({
      yaml_unparseable: 1, // canon/broken-yaml.md
      frontmatter_not_mapping: 1, // docs/list-fm.md
      frontmatter_unclosed: 1, // docs/unclosed.md
      no_frontmatter: 1, // odd/bare.md
      missing_field: 4, // docs/no-tier.md (tier) + docs/list-fm.md (all three)
      invalid_value: 6, // crew; secret/high/"yes"; tier 5 + start_here "yes"
      invalid_kind: 1, // odd/ledger/entry.md kind: odd
      duplicate_uri: 2, // canon/dup-a.md and docs/dup-b.md
      unresolved_superseded_by: 2, // canon/old2.md (klappy URI), canon/old4.md (path)
      no_kind: 1, // projects/x.md
      kind_override: 1, // odd/handoffs/h1.md kind: docs
      noindex: 1, // canon/hidden.md
    });
    expect(report.totals.byField).toMatchObject({
      "missing_field:audience": 1,
      "missing_field:exposure": 1,
      "missing_field:tier": 2,
      "invalid_value:audience": 1,
      "invalid_value:exposure": 1,
      "invalid_value:tier": 2,
      "invalid_value:public": 1,
      "invalid_value:start_here": 1,
    });
  });

  it("reports missing and invalid separately, with their severities", async () => {
    const report = await auditCorpus(DEFECTS);
    expect(findingsOf(report, "docs/no-tier.md")).toEqual(["missing_field:tier"]);
    expect(findingsOf(report, "docs/crew.md")).toEqual(["invalid_value:audience"]);
    expect(findingsOf(report, "docs/bad-tier.md")).toEqual([
      "invalid_value:exposure",
      "invalid_value:tier",
      "invalid_value:public",
    ]);
    const crew = report.documents.find((d) => d.path === "docs/crew.md")!;
    expect(crew.findings[0]).toMatchObject({ severity: "error", value: "crew" });
    const ledger = report.documents.find((d) => d.path === "odd/ledger/entry.md")!;
    expect(ledger.findings).toEqual([expect.objectContaining({ type: "invalid_kind", severity: "warning" })]);
    expect(ledger.kind).toEqual({
      resolved: "journals",
      source: "path",
      pathKind: "journals",
      declared: "odd",
      overridesPath: false,
    });
  });

  it("lists path-derived kind and the frontmatter override", async () => {
    const report = await auditCorpus(DEFECTS);
    const handoff = report.documents.find((d) => d.path === "odd/handoffs/h1.md")!;
    expect(handoff.kind).toMatchObject({ resolved: "docs", source: "frontmatter", pathKind: "journals" });
    expect(report.documents.filter((d) => d.kind.overridesPath).map((d) => d.path)).toEqual([
      "odd/handoffs/h1.md",
    ]);
  });

  it("resolves superseded_by as klappy URI or path with or without .md", async () => {
    const report = await auditCorpus(DEFECTS);
    for (const ok of ["canon/old.md", "canon/old3.md", "canon/old5.md"])
      expect(findingsOf(report, ok)).toEqual([]);
    expect(findingsOf(report, "canon/old2.md")).toEqual(["unresolved_superseded_by:superseded_by"]);
    expect(findingsOf(report, "canon/old4.md")).toEqual(["unresolved_superseded_by:superseded_by"]);
    expect(report.duplicateUris).toEqual([
      { uri: "klappy://canon/shared", paths: ["canon/dup-a.md", "docs/dup-b.md"] },
    ]);
  });

  it("uses the kind map: canon/apocrypha/ is apocrypha only when the map says so", async () => {
    const byDefault = await auditCorpus(DEFECTS);
    const mapped = await auditCorpus(DEFECTS, { kindMap: APOCRYPHA_MAP });
    expect(byDefault.totals.byKind).toEqual({ canon: 10, docs: 8, essays: 2, journals: 2, none: 1 });
    expect(mapped.totals.byKind).toEqual({
      apocrypha: 1,
      canon: 9,
      docs: 8,
      essays: 2,
      journals: 2,
      none: 1,
    });
  });

  it("passes in soft mode and fails in strict mode", async () => {
    expect((await auditCorpus(DEFECTS)).pass).toBe(true);
    expect((await auditCorpus(DEFECTS, { strict: true })).pass).toBe(false);
    const clean = await auditCorpus(
      [{ path: "canon/a.md", text: "---\naudience: canon\nexposure: nav\ntier: 1\n---\n# A\n" }],
      {
        strict: true,
      },
    );
    expect(clean.pass).toBe(true);
    expect(clean.totals.errors).toBe(0);
  });

  it("never crashes on odd input: CRLF, BOM, empty files, empty frontmatter", async () => {
    const report = await auditCorpus([
      {
        path: "docs/crlf.md",
        text: "\uFEFF---\r\naudience: docs\r\nexposure: nav\r\ntier: 2\r\n---\r\n# CRLF\r\n",
      },
      { path: "docs/empty.md", text: "" },
      { path: "docs/empty-fm.md", text: "---\n---\n# Empty frontmatter\n" },
    ]);
    expect(findingsOf(report, "docs/crlf.md")).toEqual([]);
    expect(findingsOf(report, "docs/empty.md")).toEqual(["no_frontmatter"]);
    expect(findingsOf(report, "docs/empty-fm.md")).toEqual([
      "missing_field:audience",
      "missing_field:exposure",
      "missing_field:tier",
    ]);
  });

  it("refuses a folder that does not exist, naming it", async () => {
    await expect(auditCorpus("test/fixtures/tools/no-such-dir")).rejects.toThrow(/no-such-dir/);
  });
});

describe("oddkit-sdk audit", () => {
  it("exits 0 in soft mode and 1 in strict mode, printing the verdict", async () => {
    const soft = await runCli(["audit", DEFECTS]);
    expect(soft.code).toBe(0);
    expect(soft.stdout).toContain("23 documents: 18 errors in 12 documents");
    const strict = await runCli(["audit", DEFECTS, "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("FAIL (strict)");
  });

  it("prints the JSON schema with --json and writes markdown with --markdown", async () => {
    const dir = await mkdtemp(join(tmpdir(), "audit-"));
    const mapFile = join(dir, "kinds.json");
    await writeFile(mapFile, JSON.stringify({ "canon/apocrypha/": "apocrypha" }));
    const md = join(dir, "report.md");
    const run = await runCli(["audit", DEFECTS, "--json", "--kind-map", mapFile, "--markdown", md]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as AuditReport;
    expect(report.schemaVersion).toBe(1);
    expect(report.totals.byKind.apocrypha).toBe(1);
    const markdown = await readFile(md, "utf8");
    expect(markdown).toContain("| `missing_field` | error | 4 |");
    expect(markdown).toContain("| `odd/handoffs/h1.md` | journals | docs |");
  });

  it("rejects a kind map with a sixth kind", async () => {
    const dir = await mkdtemp(join(tmpdir(), "audit-"));
    const mapFile = join(dir, "kinds.json");
    await writeFile(mapFile, JSON.stringify({ "notes/": "notes" }));
    const run = await runCli(["audit", DEFECTS, "--kind-map", mapFile]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a kind");
  });
});

describe("auditCorpus on the bundled sample corpus", () => {
  it("audits all 566 documents without crashing, and its totals add up", async () => {
    const { sampleCorpusDir } = await import("../../src/corpus/index.js");
    const report = await auditCorpus(sampleCorpusDir());
    expect(report.totals.documents).toBe(566);
    const findings = report.documents.flatMap((d) => d.findings);
    expect(report.totals.errors + report.totals.warnings + report.totals.infos).toBe(findings.length);
    for (const [type, count] of Object.entries(report.totals.byType)) {
      expect(findings.filter((f) => f.type === type)).toHaveLength(count);
    }
    // The reference corpus: ~4% without frontmatter, ~9% kind overrides, ~3% kinds outside the enumeration.
    expect(report.totals.byType.no_frontmatter / 566).toBeGreaterThan(0.02);
    expect(report.totals.byType.kind_override / 566).toBeGreaterThan(0.05);
    expect(report.totals.byType.invalid_kind).toBeGreaterThan(0);
    expect(Object.values(report.totals.byKind).reduce((a, b) => a + b, 0)).toBe(566);
  });
});

describe("auditCorpus on a loaded corpus", () => {
  it("audits the served documents (noindex files are not in a loaded corpus) with its kind map", async () => {
    const { loadCorpus } = await import("../../src/corpus/index.js");
    const corpus = await loadCorpus(DEFECTS, { kindMap: APOCRYPHA_MAP });
    const report = await auditCorpus(corpus);
    expect(report.totals.documents).toBe(22); // 23 files minus canon/hidden.md (exposure: noindex)
    expect(report.totals.byType.noindex).toBe(0);
    expect(report.totals.byKind.apocrypha).toBe(1);
  });
});
