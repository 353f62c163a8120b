import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient } from "../../src/client/index.js";
import {
  buildRequestSet,
  type CheckResult,
  type ConformanceReport,
  runConformance,
  subsets,
  type ToolServer,
} from "../../src/conformance/index.js";
import { loadCorpus, sampleCorpusDir } from "../../src/corpus/index.js";
import type { Corpus } from "../../src/corpus/types.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { runCli } from "./cli-io.js";

const statusOf = (report: ConformanceReport) =>
  Object.fromEntries(report.checks.map((c) => [c.id, c.status])) as Record<number, CheckResult["status"]>;
const failed = (report: ConformanceReport) =>
  report.checks.filter((c) => c.status === "fail").map((c) => c.id);

let sample: Corpus;
beforeAll(async () => {
  sample = await loadCorpus(sampleCorpusDir());
});

describe("the representative request set", () => {
  const requests = buildRequestSet({
    query: "q",
    task: "t",
    getUri: "klappy://a",
    resolveUri: "klappy://b",
    groundTruth: true,
  });

  it("covers every action, every flag combination, forbidden flags and over-cap limits", () => {
    for (const action of ["search", "catalog", "preflight", "get", "resolve"]) {
      expect(requests.some((r) => r.action === action)).toBe(true);
    }
    // 3 listing flags → 7 non-empty combinations at their cap, 8 over-cap requests, per listing action.
    expect(
      requests.filter((r) => r.id.startsWith("catalog:flags=") && r.id.endsWith("(over cap)")),
    ).toHaveLength(8);
    expect(requests.filter((r) => r.action === "get" && r.id.startsWith("get:flags="))).toHaveLength(15);
    expect(requests.filter((r) => r.exercises.includes(6)).map((r) => r.params.disclosure)).toContainEqual([
      "body",
    ]);
    expect(requests.some((r) => r.params.include === "journals")).toBe(true);
    expect(subsets(["a", "b"])).toEqual([[], ["a"], ["b"], ["a", "b"]]);
  });

  it("exercises each of checks 1–10", () => {
    const exercised = new Set(requests.flatMap((r) => r.exercises));
    expect([...exercised].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("runConformance on the embedded reference server (bundled sample corpus)", () => {
  it("contract mode: all 11 checks pass, check 11 measured with the cost workload", async () => {
    const report = await runConformance({ corpus: sample, mode: "contract" });
    expect(failed(report)).toEqual([]);
    expect(report.pass).toBe(true);
    expect(Object.values(statusOf(report)).every((s) => s === "pass")).toBe(true);
    expect(report.checks[10]?.note).toMatch(
      /legacy tokens \/ \d+ contract tokens = \d+\.\d× \(needs ≥ 10×\)/,
    );
  });

  it("window mode: conforms too (legacy fields only ride along on include_legacy_envelope)", async () => {
    const report = await runConformance({ corpus: sample, mode: "window", workload: false });
    expect(failed(report)).toEqual([]);
    expect(statusOf(report)[11]).toBe("not-applicable");
  });

  it("legacy mode: fails exactly checks 1, 2, 3, 4, 6, 7, 10 and 11; 5, 8, 9 have no entries to judge", async () => {
    const report = await runConformance({ corpus: sample, mode: "legacy" });
    expect(failed(report)).toEqual([1, 2, 3, 4, 6, 7, 10, 11]);
    expect(statusOf(report)).toMatchObject({ 5: "not-applicable", 8: "not-applicable", 9: "not-applicable" });
    const check4 = report.checks.find((c) => c.id === 4)!;
    expect(check4.failures[0]).toMatchObject({
      request: { tool: "oddkit_search" },
      reason: "result carries 'hits', which is not a contract envelope field",
    });
    const check6 = report.checks.find((c) => c.id === 6)!;
    expect(check6.failures[0]?.reason).toBe("expected error DISCLOSURE_FLAG_NOT_PERMITTED, got FOUND");
    expect(report.checks.find((c) => c.id === 11)?.failures[0]?.reason).toMatch(/cannot run on this server/);
  });
});

/** A server that breaks the contract in one way, to show the suite names the check and the evidence. */
function tampered(
  server: ReferenceServer,
  edit: (result: Record<string, unknown>, args: Record<string, unknown>) => void,
): ToolServer {
  return {
    async callTool(name, args) {
      const response = (await server.callTool(name, args)) as { content: { type: string; text: string }[] };
      const envelope = JSON.parse(response.content[0]!.text) as { result: Record<string, unknown> };
      if (name === "oddkit_catalog") edit(envelope.result, args);
      return { ...response, content: [{ type: "text", text: JSON.stringify(envelope) }] };
    },
  };
}

describe("runConformance on non-compliant servers", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ corpus: sample });
  });
  afterAll(() => server.close());

  it("a catalog that adds a categories rollup fails check 4 with the rollup as evidence", async () => {
    const bad = tampered(server, (result) => {
      if (result.status === "FOUND") result.categories = ["a", "b"];
    });
    const report = await runConformance({ server: bad, groundTruth: sample, workload: false });
    expect(failed(report)).toEqual([4]);
    const check = report.checks.find((c) => c.id === 4)!;
    expect(check.failures[0]).toMatchObject({
      reason: "result carries the rollup 'categories'",
      evidence: { categories: ["a", "b"] },
    });
  });

  it("a catalog that leaks journals into unfiltered lists fails check 8, naming the journal (ground truth)", async () => {
    const journal = sample.documents.find((d) => d.kind === "journals")!;
    const bad = tampered(server, (result, args) => {
      if (
        args.include === undefined &&
        args.exclude === undefined &&
        Array.isArray(result.data) &&
        result.data.length > 0
      ) {
        (result.data as Record<string, unknown>[])[0] = {
          ...(result.data as Record<string, unknown>[])[0],
          uri: journal.uri,
        };
      }
    });
    const report = await runConformance({ server: bad, groundTruth: sample, workload: false });
    expect(failed(report)).toContain(8);
    expect(report.checks.find((c) => c.id === 8)!.failures[0]?.reason).toContain(journal.uri);
  });

  it("a transport failure is reported against the checks the request exercised", async () => {
    const down: ToolServer = {
      callTool: async () => {
        throw new Error("connection reset");
      },
    };
    const report = await runConformance({ server: down, workload: false });
    expect(report.pass).toBe(false);
    expect(report.checks[0]?.failures[0]?.reason).toBe("request failed: connection reset");
  });
});

describe("runConformance through a typed client", () => {
  it("judges the raw passthrough, so the client's own validation hides nothing", async () => {
    const server = await createReferenceServer({
      corpus: "test/fixtures/corpora/apocrypha-under-canon",
      mode: "legacy",
    });
    const client = createOddkitClient({ server, cache: false });
    try {
      const report = await runConformance({ client, workload: false });
      expect(report.target).toBe("typed client passthrough");
      // The typed client would refuse these answers; the suite sees and names them.
      expect(failed(report)).toEqual([1, 2, 3, 4, 6, 7, 10]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("runConformance over HTTP", () => {
  it("judges a live URL with the MCP SDK client (no ground truth: check 9 on disclosed metadata)", async () => {
    const server = await createReferenceServer({ corpus: sample });
    const { url } = await server.listen({ port: 0 });
    try {
      const report = await runConformance({ url, workload: false });
      expect(failed(report)).toEqual([]);
      expect(report.checks.find((c) => c.id === 9)?.note).toMatch(/disclosed metadata only/);
      expect(report.target).toBe(url);
    } finally {
      await server.close();
    }
  });
});

describe("oddkit-sdk conformance", () => {
  it("exits 1 in legacy mode and prints the failed checks", async () => {
    const run = await runCli([
      "conformance",
      "--mode",
      "legacy",
      "--corpus",
      "test/fixtures/corpora/apocrypha-under-canon",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("DOES NOT CONFORM: checks 1, 2, 3, 4, 6, 7, 10, 11 failed");
  });

  it("refuses --mode with --url, and an unknown mode", async () => {
    const withUrl = await runCli(["conformance", "--url", "http://127.0.0.1:9/mcp", "--mode", "legacy"]);
    expect(withUrl.code).toBe(1);
    expect(withUrl.stderr).toContain("--mode applies to the embedded server only");
    const unknown = await runCli(["conformance", "--mode", "modern"]);
    expect(unknown.stderr).toContain("--mode must be one of contract, legacy, window");
  });

  it("prints JSON with --json", async () => {
    const run = await runCli(["conformance", "--corpus", "test/fixtures/tools/shadow", "--json"]);
    const report = JSON.parse(run.stdout) as ConformanceReport;
    expect(report.schemaVersion).toBe(1);
    expect(report.checks).toHaveLength(11);
  });
});
