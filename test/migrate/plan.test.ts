/**
 * `migrate --plan` and the decisions table: the decisions the example site's code
 * needs, and their effects on the bundled corpus computed here again from the
 * corpus files alone (paths: documents whose URI does not name their path;
 * listings: documents the legacy fat catalog's first page never showed), plus
 * the `--decide` / `oddkit-migrate.json` parsing and its typed errors.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DECISION_NAMES,
  DECISIONS,
  MigrateDecisionError,
  parseDecide,
  readDecisionsFile,
} from "../../codemods/migrate/decisions.js";
import { type MigrationPlan, planMigration } from "../../codemods/migrate/plan.js";
import { siteNeed } from "../../codemods/migrate/site-need.js";
import { withDecisionsTable } from "../../scripts/gen-decisions-doc.js";
import { loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import { ROOT } from "../support/doc-examples.js";

const SITE = join(ROOT, "examples/legacy-site");

/**
 * The bundled corpus read as files: what 0.28.x indexes and lists, and what the contract lists.
 * The legacy folders, the klappy:// path rule and the listing rule are restated here on purpose:
 * the expectation must not come from the code under test.
 */
async function expectedFromCorpus() {
  const corpus = await loadCorpus(sampleCorpusDir());
  const folders = ["canon/", "odd/", "docs/", "writings/"];
  const legacy = corpus.documents
    .filter((d) => folders.some((f) => d.path.startsWith(f)))
    .sort((a, b) => a.path.localeCompare(b.path, "en-US"));
  const klappyPath = (uri: string) =>
    uri.startsWith("klappy://") ? `${uri.slice(9).replace(/\.md$/, "")}.md` : null;
  const renamed = legacy.filter((d) => klappyPath(d.uri) !== d.path).map((d) => d.uri);
  const firstPage = new Set(legacy.slice(0, 500).map((d) => d.uri));
  const listed = new Set<string>();
  for (const d of [...corpus.documents].sort((a, b) => (a.path < b.path ? -1 : 1)))
    if (d.kind !== null && !listed.has(d.uri) && corpus.byUri.get(d.uri) === d) listed.add(d.uri);
  const unlisted = [...listed].filter((uri) => !firstPage.has(uri));
  return { renamed, unlisted };
}

describe("migrate --plan on the example site, bundled corpus", () => {
  let plan: MigrationPlan;
  beforeAll(async () => {
    plan = await planMigration({ paths: [SITE], cwd: SITE, decisions: parseDecide("paths=uri") });
  });

  it("needs the decisions its code reads, and shows the chosen one", () => {
    const names = plan.decisions.map((d) => d.decision);
    expect(names).toEqual(expect.arrayContaining(["paths", "listings", "content"]));
    expect(plan.decisions.find((d) => d.decision === "paths")?.chosen).toBe("uri");
    expect(plan.decisions.find((d) => d.decision === "listings")?.chosen).toBeNull();
    for (const d of plan.decisions) expect(d.sites.length, d.decision).toBeGreaterThan(0);
  });

  it("paths: exactly the documents whose URI does not name their path", async () => {
    const { renamed } = await expectedFromCorpus();
    const paths = plan.decisions.find((d) => d.decision === "paths")!;
    expect(renamed.length).toBeGreaterThan(0);
    expect(paths.effect.documents.map((d) => d.uri).sort()).toEqual([...renamed].sort());
  });

  it("listings: exactly the documents the legacy fat catalog's first page never showed", async () => {
    const { unlisted } = await expectedFromCorpus();
    const listings = plan.decisions.find((d) => d.decision === "listings")!;
    expect(unlisted.length).toBeGreaterThan(0);
    expect(listings.effect.documents.map((d) => d.uri).sort()).toEqual([...unlisted].sort());
  });
});

describe("what a site waits on", () => {
  it.each([
    [{ kind: "read", what: "entry.path", action: "catalog", reason: "entries carry no path" }, "paths"],
    [{ kind: "read", what: "result.content_hash", action: "get", reason: "" }, "hash"],
    [{ kind: "read", what: "result.content", action: "get", reason: "" }, "content"],
    [
      {
        kind: "call",
        what: "oddkit_search call",
        action: "search",
        reason: "legacy search returned at most 5 hits",
      },
      "listings",
    ],
    [{ kind: "read", what: "result.error", action: "get", reason: "" }, "errors"],
    [{ kind: "read", what: "result.start_here", action: "catalog", reason: "" }, "rollups"],
    [{ kind: "read", what: "result.start_here", action: "preflight", reason: "" }, "mechanical"],
    [
      { kind: "read", what: "result.hits", action: "search", reason: "result.hits is result.data" },
      "mechanical",
    ],
    [{ kind: "escape", what: "reply returned to an unknown caller", action: "search", reason: "" }, "review"],
  ] as const)("%j → %s", (site, need) => {
    expect(siteNeed(site)).toBe(need);
  });
});

describe("decisions: --decide and oddkit-migrate.json", () => {
  const dir = mkdtempSync(join(tmpdir(), "oddkit-decisions-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (text: string) => writeFileSync(join(dir, "oddkit-migrate.json"), text);

  it("every decision's recommended value is one of its values", () => {
    for (const name of DECISION_NAMES)
      expect(DECISIONS[name].values.map((v) => v.value)).toContain(DECISIONS[name].recommended);
  });

  it("'recommended' takes every recommended value; name=value entries after it win", () => {
    const all = parseDecide("recommended");
    expect(Object.keys(all).sort()).toEqual([...DECISION_NAMES].sort());
    expect(parseDecide("recommended,order=contract").order).toBe("contract");
    expect(parseDecide("paths=uri, listings=explicit-limit")).toEqual({
      paths: "uri",
      listings: "explicit-limit",
    });
  });

  it.each([
    ["colour=red", /no decision named 'colour'; decisions are paths, listings/],
    ["paths=keep", /'keep' is not a value of paths; its values are uri \(recommended: uri\)/],
    ["paths", /'paths' is not name=value or 'recommended'/],
  ])("--decide %s is a typed error saying what to write", (text, message) => {
    expect(() => parseDecide(text)).toThrow(MigrateDecisionError);
    expect(() => parseDecide(text)).toThrow(message);
  });

  it("reads the committed file: none, recommended, a table, and refuses a bad one by name", () => {
    expect(readDecisionsFile(dir)).toBeNull();
    file('{ "decisions": "recommended" }');
    expect(readDecisionsFile(dir)).toEqual(parseDecide("recommended"));
    file('{ "decisions": { "paths": "uri", "content": "markdown" } }');
    expect(readDecisionsFile(dir)).toEqual({ paths: "uri", content: "markdown" });
    file('{ "decisions": { "content": "raw" } }');
    expect(() => readDecisionsFile(dir)).toThrow(/oddkit-migrate.json: 'raw' is not a value of content/);
    file('{ "decide": "recommended" }');
    expect(() => readDecisionsFile(dir)).toThrow(/unknown key 'decide'/);
    file("{ not json");
    expect(() => readDecisionsFile(dir)).toThrow(/oddkit-migrate.json: not JSON/);
  });
});

describe("docs/codemods.md", () => {
  it("carries the decisions table as the table declares it (npx tsx scripts/gen-decisions-doc.ts)", () => {
    const text = readFileSync(join(ROOT, "docs/codemods.md"), "utf8");
    expect(withDecisionsTable(text)).toBe(text);
  });
});
