import { beforeAll, describe, expect, it } from "vitest";
import { windowEndVersion } from "../../src/contract/version-window.js";
import { loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import type { Corpus } from "../../src/corpus/types.js";
import {
  type CostReport,
  measureCost,
  measureWeek,
  projectWeek,
  ttlFetches,
  WEEK_CROSS_CHECK_TOLERANCE,
} from "../../src/cost/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { runCli } from "./cli-io.js";

describe("projectWeek: the weekly arithmetic (hand-computed)", () => {
  // 4 calls/hour → 672 calls a week; two use cases of 100 and 300 tokens (sum 400, mean 200).
  const rows = projectWeek(1000, [100, 300], {
    callsPerHour: 4,
    ttlSeconds: 86_400,
    changesPerDay: 1,
    probeTokens: 10,
  });
  const [noCache, ttl, revalidate] = rows;

  it("no cache: every call pays; the contract call is one use case", () => {
    expect(noCache).toMatchObject({
      legacy: { tokens: 672_000 },
      contract: { tokens: 134_400 },
      ratio: 5,
      vsBaseline: 5,
    });
    expect(noCache?.legacy.formula).toBe("672 calls × 1,000");
  });

  it("TTL of a day: 7 fetches a week, of the one legacy call or of each use case", () => {
    expect(ttl).toMatchObject({
      legacy: { tokens: 7_000 },
      contract: { tokens: 2_800 },
      ratio: 2.5,
      vsBaseline: 240,
    });
  });

  it("revision-keyed: a probe per call plus one refetch per change", () => {
    // 672 × 10 + 7 × 1,000 and 672 × 10 + 7 × 400
    expect(revalidate).toMatchObject({ legacy: { tokens: 13_720 }, contract: { tokens: 9_520 } });
  });

  it("a 5-minute TTL saves nothing at 4 calls/hour (every call falls in its own window)", () => {
    expect(ttlFetches(672, 300)).toBe(672);
    expect(ttlFetches(672, 3600)).toBe(168);
  });

  it("refuses negative rates", () => {
    expect(() =>
      projectWeek(1, [1], { callsPerHour: -1, ttlSeconds: 1, changesPerDay: 1, probeTokens: 1 }),
    ).toThrow(/callsPerHour/);
  });
});

describe("measureCost on the bundled sample corpus", () => {
  let sample: Corpus;
  let report: CostReport;
  beforeAll(async () => {
    sample = await loadCorpus(sampleCorpusDir());
    report = await measureCost({ corpus: sample });
  });

  it("measures the legacy doc-listing call over every page at limit 500", () => {
    expect(report.legacy).toMatchObject({
      available: true,
      surface: "legacy",
      pages: 2,
      arguments: { sort_by: "path", limit: 500 },
    });
    if (!report.legacy.available) throw new Error("unreachable");
    // The reference corpus: a faithful sample lands between 200 and 450 tokens per document in the legacy shape.
    expect(report.legacy.tokensPerDocument).toBeGreaterThan(200);
    expect(report.legacy.tokensPerDocument).toBeLessThan(450);
  });

  it("measures each of the 8 reference use cases through the named helpers", () => {
    expect(report.useCases.map((u) => u.id)).toEqual([
      "essays-index",
      "canon-governance-index",
      "notebook",
      "sitemap",
      "global-search",
      "essay-page",
      "start-here-carousel",
      "session-history",
    ]);
    const sitemap = report.useCases.find((u) => u.id === "sitemap")!;
    expect(sitemap.entries).toBeGreaterThan(400);
    for (const u of report.useCases) {
      expect(u.tokens).toBeGreaterThan(0);
      expect(u.ratio).toBeCloseTo((report.legacy as { tokens: number }).tokens / u.tokens, 6);
    }
  });

  it("the week measured through the client cache and the formula agree within 5%, policy by policy", () => {
    expect(report.week.printed).toBe("measured");
    expect(report.week.rows.map((r) => r.policy)).toEqual(["no-cache", "ttl", "revalidate"]);
    for (const row of report.week.rows) {
      expect(row.measured, row.policy).not.toBeNull();
      expect(row.measured?.renders).toBe(672);
      expect(row.measured?.changes).toBe(6);
      expect(Math.abs(row.difference as number), row.policy).toBeLessThanOrEqual(WEEK_CROSS_CHECK_TOLERANCE);
    }
    const [noCache, ttl, revalidate] = report.week.rows.map((r) => r.measured!);
    // Revision-keyed with the client's default TTLs (1–5 min): every render but each view's first probes.
    expect(revalidate!.probes.calls).toBeGreaterThanOrEqual(672 - 8);
    expect(noCache!.probes.calls).toBe(0);
    expect(ttl!.served.calls).toBeLessThan(revalidate!.served.calls);
  });

  it("check 11 holds: the workload is at least 10× cheaper, with the arithmetic", () => {
    const { workload } = report;
    expect(workload.renders).toBe(8);
    expect(workload.contractTokens).toBe(report.useCases.reduce((a, u) => a + u.tokens, 0));
    expect(workload.ratio).toBeGreaterThanOrEqual(10);
    expect(report.check11.holds).toBe(true);
    expect(report.check11.statement).toMatch(/^Check 11 HOLDS: the reference workload costs \d+\.\d× less/);
    expect(workload.formula).toContain(`8 renders × `);
  });
});

describe("measureCost against live URLs", () => {
  it("uses the window server's legacy opt-in for the baseline, and says so", async () => {
    const server = await createReferenceServer({ corpus: "test/fixtures/tools/shadow", mode: "window" });
    const { url } = await server.listen({ port: 0 });
    try {
      const report = await measureCost({ url });
      expect(report.legacy).toMatchObject({ available: true, surface: "window", documents: 11 });
      expect(report.useCases).toHaveLength(8);
      // A URL's knowledge base cannot be changed at a tempo: the week is the formula's, and says so.
      expect(report.week.printed).toBe("computed");
      expect(report.week.rows.every((r) => r.measured === null && r.difference === null)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("a server past the window offers no legacy surface: the report says it cannot judge check 11", async () => {
    // At N + window the opt-in is refused (removed), so nothing legacy is left to measure.
    const server = await createReferenceServer({
      corpus: "test/fixtures/tools/shadow",
      mode: "contract",
      version: windowEndVersion(),
    });
    const { url } = await server.listen({ port: 0 });
    try {
      const report = await measureCost({ url });
      expect(report.legacy.available).toBe(false);
      expect(report.check11.holds).toBeNull();
      expect(report.check11.statement).toMatch(
        /^Check 11 cannot be judged: the server offers no legacy doc-listing surface/,
      );
      expect(report.projection).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe("oddkit-sdk cost", () => {
  it("prints the table, the arithmetic and the verdict", async () => {
    const run = await runCli([
      "cost",
      "--corpus",
      "test/fixtures/tools/shadow",
      "--ttl",
      "3600",
      "--calls-per-hour",
      "2",
    ]);
    expect(run.stdout).toContain("legacy doc-listing call: oddkit_catalog");
    expect(run.stdout).toContain("weekly at 2 calls/hour (336 renders, 6 knowledge-base changes;");
    expect(run.stdout).toContain("TTL 3,600 s");
    expect(run.stdout).toContain("contract side measured: the workload run through the client");
    expect(run.stdout).toMatch(/cross-check, measured week vs formula: no cache [+-]\d/);
    expect(run.stdout).toMatch(/Check 11 (HOLDS|FAILS)/);
  });

  it("--json prints the documented schema", async () => {
    const run = await runCli(["cost", "--corpus", "test/fixtures/tools/shadow", "--json"]);
    const report = JSON.parse(run.stdout) as CostReport;
    expect(report.schemaVersion).toBe(1);
    expect(Object.keys(report)).toEqual([
      "schemaVersion",
      "target",
      "legacy",
      "useCases",
      "probe",
      "workload",
      "projection",
      "week",
      "check11",
    ]);
    expect(report.week.printed).toBe("measured");
  });

  it("refuses a rate that is not a number", async () => {
    const run = await runCli(["cost", "--calls-per-hour", "many"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--calls-per-hour must be a non-negative number, got 'many'");
  });
});

describe("measureWeek: the simulated week, counted at the server", () => {
  let shadow: Corpus;
  beforeAll(async () => {
    shadow = await loadCorpus("test/fixtures/tools/shadow");
  });
  const week = (policy: "no-cache" | "ttl" | "revalidate", changesPerDay: number, callsPerHour = 1) =>
    measureWeek({
      corpus: shadow,
      policy,
      callsPerHour,
      ttlSeconds: 86_400,
      changesPerDay,
      inputs: { query: "canon", uri: shadow.documents[0]!.uri, pathPrefix: "writings/" },
      countTokens: (text) => Math.ceil(text.length / 4),
    });

  it("a knowledge-base change makes revision-keyed revalidation refetch; without changes it only probes", async () => {
    const still = await week("revalidate", 0);
    const changing = await week("revalidate", 2);
    expect(still.renders).toBe(168);
    expect([still.changes, changing.changes]).toEqual([0, 13]);
    const fetches = (m: typeof still) => m.served.calls - m.probes.calls;
    // Unchanged: each of the 8 views is fetched once and revalidated by probes ever after.
    expect(fetches(still)).toBeLessThanOrEqual(9);
    // 13 changes, each seen by every view's next render (21 renders of each view in the week).
    expect(fetches(changing)).toBeGreaterThanOrEqual(8 * 14);
    expect(changing.served.tokens).toBeGreaterThan(still.served.tokens);
  });

  it("refuses a rate that is not a non-negative number", async () => {
    await expect(week("ttl", -1)).rejects.toThrow(/changesPerDay must be a non-negative number/);
  });
});
