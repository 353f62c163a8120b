import { describe, expect, it } from "vitest";
import type { MigrationReport } from "../../src/report/index.js";
import { migrationReport } from "../../src/report/index.js";
import { createReferenceServer } from "../../src/server/index.js";
import { runCli } from "./cli-io.js";

describe("oddkit-sdk report (README's run command) on the bundled sample corpus", () => {
  it("fits audit, conformance and cost on one screen and exits 0", async () => {
    const run = await runCli(["report"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(42);
    expect(lines[0]).toBe(
      "oddkit-sdk migration report — embedded contract server on the bundled sample corpus (566 documents)",
    );
    expect(run.stdout).toContain("566 documents:");
    expect(run.stdout).toContain("CONFORMS: 11 of 11 checks pass");
    expect(run.stdout).toMatch(
      /Check 11 HOLDS: the reference workload costs \d+\.\d× less than the legacy call/,
    );
    expect(run.stdout).toContain("READY");
    // The weekly line says which figure it printed: the week measured through the client cache.
    expect(run.stdout).toMatch(
      /per week at 4 calls\/hour, measured \(simulated week through the client cache, counted at the server\): no cache [\d,]+ · TTL 86,400 s [\d,]+ · revision-keyed, 1\/day [\d,]+/,
    );
  });
});

describe("migrationReport against a live server", () => {
  it("audits the server's documents from their metadata and judges it over HTTP", async () => {
    const server = await createReferenceServer({ corpus: "test/fixtures/tools/shadow", mode: "window" });
    const { url } = await server.listen({ port: 0 });
    try {
      const report: MigrationReport = await migrationReport({ url });
      expect(report.auditSource).toBe("server metadata");
      if ("unavailable" in report.audit) throw new Error(report.audit.unavailable);
      // All 11 documents are listed (every kind); writings/e.md has no frontmatter.
      expect(report.audit.totals.documents).toBe(11);
      expect(report.audit.totals.byType.no_frontmatter).toBe(1);
      expect(report.conformance.checks).toHaveLength(11);
      expect("unavailable" in report.cost).toBe(false);
      if (!("unavailable" in report.cost)) expect(report.cost.week.printed).toBe("computed");
    } finally {
      await server.close();
    }
  });

  it("a legacy server is NOT READY: the run says which checks fail", async () => {
    const server = await createReferenceServer({ corpus: "test/fixtures/tools/shadow", mode: "legacy" });
    const { url } = await server.listen({ port: 0 });
    try {
      const run = await runCli(["report", "--url", url]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("cannot list the server's documents with metadata");
      expect(run.stdout).toContain("DOES NOT CONFORM");
      expect(run.stdout).toContain("NOT READY");
    } finally {
      await server.close();
    }
  });
});
