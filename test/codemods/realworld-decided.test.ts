/**
 * The harness under `--decide recommended`, on hand-written decided
 * migrations (test/codemods/realworld/oracle/decided/): the original runs
 * against the decided legacy server (realworld/decided-view.ts), so a
 * migration that differs from the original only as its decisions say is
 * equal (good/), and one that differs otherwise fails with the difference
 * named (bad/): a path that is not the derived one, a listing that keeps the
 * cut, a legacy error string where the contract's was decided. The good files
 * run once without decisions too: there they differ from the original.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type FileVerdict,
  failuresOf,
  migrateWithCli,
  overlayEngine,
  type RealworldReport,
  refusedDecide,
  runRealworld,
} from "./realworld/harness.js";
import { loadManifest, manifestSchema } from "./realworld/manifest.js";

const DECIDED = join(import.meta.dirname, "realworld/oracle/decided");
const SITEMAP = "nextjs-app/app/sitemap.ts";
const GET_ARTICLE = "lovable-edge/supabase/functions/get-article/index.ts";
const ESSAYS = "nextjs-app/app/essays/page.tsx";
const FILES = [SITEMAP, ESSAYS, "nextjs-app/lib/oddkit.ts", "nextjs-app/lib/types.ts", GET_ARTICLE];

const reports: Record<"good" | "bad" | "undecided", RealworldReport> = {} as never;
beforeAll(async () => {
  const run = (dir: string, decisions?: string) =>
    runRealworld({
      only: FILES,
      migrate: overlayEngine(join(DECIDED, dir)),
      ...(decisions ? { decisions } : {}),
    });
  reports.good = await run("good", "recommended");
  reports.bad = await run("bad", "recommended");
  reports.undecided = await run("good");
}, 600_000);

const verdict = (report: RealworldReport, file: string): FileVerdict =>
  report.files.find((f) => f.file === file)!;
const run = (report: RealworldReport, id: string) => report.runs.find((r) => r.id === id)!;

describe("decided migrations the decisions declare", () => {
  it("are fully migrated and equal to the decided view", () => {
    for (const file of [SITEMAP, ESSAYS, GET_ARTICLE]) {
      const f = verdict(reports.good, file);
      const differences = reports.good.runs.filter((r) => f.runs.includes(r.id)).map((r) => r.difference);
      expect(f.status, file).toBe("fully-migrated");
      expect(f.behaviour, JSON.stringify(differences)).toBe("equal");
      expect(failuresOf(f), file).toEqual([]);
    }
    expect(reports.good.decisions).toBe("recommended");
    expect(reports.good.decideRefused).toBeNull();
  });

  it("really differ from the original: without the decisions the same files fail", () => {
    expect(run(reports.undecided, "next sitemap").difference).toMatch(
      /^\$: 500 items \(legacy\) ≠ 549 \(migrated\)/,
    );
    expect(run(reports.undecided, "get-article: found").difference).toMatch(/^\$\.body\.markdown/);
    expect(run(reports.undecided, "get-article: missing").difference).toMatch(/^\$\.body\.error/);
    for (const file of [SITEMAP, ESSAYS, GET_ARTICLE])
      expect(failuresOf(verdict(reports.undecided, file)), file).toEqual(["behaviour"]);
  });
});

describe("decided migrations that differ otherwise", () => {
  it("a path that is not the derived one", () => {
    // The odd:// document's made-up file sorts among canon/constraints/: the first difference is there.
    expect(run(reports.bad, "next sitemap").difference).toMatch(
      /^\$\.\d+\.url: legacy "https:\/\/klappy\.dev\/[^"]+" ≠ migrated "https:\/\/klappy\.dev\/canon\/constraints\/constraint-contract-tests-when-the-frontmatter-filters-the-layer"$/,
    );
    expect(failuresOf(verdict(reports.bad, SITEMAP))).toEqual(["behaviour"]);
  });

  it("a legacy error string where the contract's was decided", () => {
    expect(run(reports.bad, "get-article: missing").difference).toMatch(
      /^\$\.body\.error: legacy "no document found for 'klappy:\/\/writings\/no-such-essay'.*≠ migrated "Document not found/,
    );
    expect(run(reports.bad, "get-article: found").equal).toBe(true);
    expect(failuresOf(verdict(reports.bad, GET_ARTICLE))).toEqual(["behaviour"]);
  });

  it("a listing that keeps the cut", () => {
    expect(run(reports.bad, "next essays page").difference).toMatch(/items \(legacy\) ≠ \d+ \(migrated\)/);
    expect(failuresOf(verdict(reports.bad, ESSAYS))).toEqual(["behaviour"]);
  });
});

describe("the manifest's decided expectations", () => {
  const legacyFile = {
    style: "s",
    expect: "flagged",
    why: "a legacy file for the schema test",
    sites: ["call(x)"],
  };
  it("are required of every legacy file and refused on the others", () => {
    const parse = (file: Record<string, unknown>) =>
      manifestSchema.safeParse({ files: { "a.ts": file }, runs: [] }).success;
    expect(parse(legacyFile)).toBe(false);
    expect(parse({ ...legacyFile, decided: { expect: "fully-migrated", why: "paths=uri lifts it" } })).toBe(
      true,
    );
    expect(parse({ ...legacyFile, decided: { expect: "indirect", why: "not a decided outcome" } })).toBe(
      false,
    );
    const noCall = { style: "s", expect: "no-call", why: "makes no oddkit call at all" };
    expect(parse(noCall)).toBe(true);
    expect(parse({ ...noCall, decided: { expect: "flagged", why: "no legacy call to decide" } })).toBe(false);
  });

  it("hold every legacy file of the corpus to fully migrated, or say which site no decision lifts", () => {
    const legacy = Object.entries(loadManifest().files).filter(([, f]) => f.decided);
    expect(legacy.length).toBe(
      Object.values(loadManifest().files).filter(
        (f) => f.expect === "fully-migrated" || f.expect === "flagged",
      ).length,
    );
    for (const [file, f] of legacy)
      if (f.decided!.expect === "flagged") expect(f.decided!.why, file).toMatch(/^No decision lifts/);
  });
});

/**
 * The whole corpus through the engine on this branch with `--decide recommended`: what it still
 * leaves flagged, by file. One that becomes fully migrated fails this test until it leaves the
 * list, so the list only shrinks.
 */
/** Legacy files fully migrated under `--decide recommended`, as measured on the corpus (goal: 0.85). */
const MEASURED_SHARE = 37 / 45;

const DECIDED_STILL_FLAGGED = [
  // page loops passing their own offset (fetchPage(offset) … while (pagination.has_more))
  "node-esm/scripts/build-search-index.mjs",
  "node-scripts/scripts/export-titles.cjs",
  // no decision maps the contract's preflight onto start_here / dod / constraints (manifest: decided flagged)
  "mcp-agent/src/preflight.ts",
  // no decision lifts these (manifest: decided flagged): grouped overlay/baseline hits, get's section,
  // calls written inside strings, a legacy reply held as a test fixture
  "vite-lovable/src/lib/overlay.ts",
  "docs-mcp/src/read.ts",
  "worker-page/src/index.ts",
  "embed-snippet/scripts/print-embed.mjs",
  "tested-lib/test/searchDocs.test.ts",
];

describe("the whole corpus under --decide recommended (the real engine)", () => {
  let whole: RealworldReport;
  beforeAll(async () => {
    whole = await runRealworld({ decisions: "recommended" });
  }, 300_000);

  it("misses nothing, breaks nothing, changes no unrelated file", () => {
    expect(refusedDecide(whole.migrate)).toBeNull();
    expect(whole.files.filter((f) => ["missed", "unrelated-changed"].includes(f.status) || f.broken)).toEqual(
      [],
    );
  });

  it("every fully migrated file equals the original run against the decided view", () => {
    const migrated = whole.files.filter((f) => f.status === "fully-migrated");
    expect(migrated.filter((f) => f.behaviour !== "equal").map((f) => f.file)).toEqual([]);
  });

  it("leaves flagged exactly the files listed (the share fully migrated never below the measured 80%)", () => {
    const legacy = whole.files.filter((f) => f.expect === "fully-migrated" || f.expect === "flagged");
    const flagged = legacy.filter((f) => f.status !== "fully-migrated").map((f) => f.file);
    expect(flagged.sort()).toEqual([...DECIDED_STILL_FLAGGED].sort());
    // The goal is 85%. The corpus measures 37 of 45 (82%): the two files listed first above wait on
    // rewrites not made yet (with them, 39 of 45). The share may grow, never fall.
    expect((legacy.length - flagged.length) / legacy.length).toBeGreaterThanOrEqual(MEASURED_SHARE);
  });
});

describe("the CLI's answer to --decide on a write run", () => {
  it("is reported as a refusal or taken, never a crash", async () => {
    const { mkdtemp, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "oddkit-decide-"));
    try {
      const outcome = await migrateWithCli(dir, "recommended");
      const refused = refusedDecide(outcome);
      if (outcome.code === 0) expect(refused).toBeNull();
      else expect(refused).toMatch(/^migrate exit \d+: .*--decide/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
