import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { OddkitClient } from "../../src/client/index.js";
import {
  createShadowWrapper,
  type LocalPredicate,
  loadPredicate,
  type ShadowDocument,
  shadowCompare,
} from "../../src/shadow/index.js";
import { useReferenceClient } from "../support/reference-client.js";
import { runCli } from "./cli-io.js";

const SHADOW = "test/fixtures/tools/shadow";
const PUBLIC = { audience: "public", exposure: "public" } as const;

const reference = useReferenceClient({ corpus: SHADOW }, { cache: false });
/** The example predicate shipped in examples/, loaded the way the CLI loads it. */
let isPublicFacing: LocalPredicate;
beforeAll(async () => {
  isPublicFacing = await loadPredicate("examples/predicates/is-public-facing.ts");
});

describe("shadowCompare on the hand-made shadow corpus (11 documents, verdicts counted by hand)", () => {
  it("counts agreements and disagreements exactly, grouped by reason", async () => {
    const lines: string[] = [];
    const report = await shadowCompare({
      client: reference.client,
      serverFilter: PUBLIC,
      localPredicate: isPublicFacing,
      log: (l) => lines.push(l),
    });
    expect(report.documents).toBe(11);
    // a, c, docs/guide, docs/journal-2026, odd/challenge/c (kind: canon)
    expect(report.serverListed).toBe(5);
    expect(report.verdicts).toEqual({ bothInclude: 3, bothExclude: 4, serverOnly: 2, localOnly: 2 });
    expect(report).toMatchObject({ compared: 11, agree: 7, disagree: 4 });
    expect(report.reasons.map((r) => [r.reason, r.count])).toEqual([
      ["server excludes, local includes: audience=(missing) exposure=(missing)", 1],
      ['server excludes, local includes: exposure="nav"', 1],
      ["server includes, local excludes: path docs/", 1],
      ["server includes, local excludes: path writings/", 1],
    ]);
    expect(lines).toHaveLength(4);
  });

  it("writes one JSON line per disagreement with both verdicts and the fields the filter used", async () => {
    const lines: string[] = [];
    await shadowCompare({
      client: reference.client,
      serverFilter: PUBLIC,
      localPredicate: isPublicFacing,
      log: (l) => lines.push(l),
    });
    const b = lines.map((l) => JSON.parse(l)).find((d) => d.uri === "klappy://writings/b");
    expect(b).toEqual({
      uri: "klappy://writings/b",
      server: false,
      local: true,
      reason: 'server excludes, local includes: exposure="nav"',
      fields: { audience: "public", exposure: "nav", kind: "essays" },
    });
  });

  it("samples documents with sampleRate and refuses a rate outside 0..1", async () => {
    let i = 0;
    const alternate = () => (i++ % 2 === 0 ? 0 : 0.99);
    const half = await shadowCompare({
      client: reference.client,
      serverFilter: PUBLIC,
      localPredicate: isPublicFacing,
      sampleRate: 0.5,
      random: alternate,
    });
    expect(half.compared).toBe(6);
    await expect(
      shadowCompare({
        client: reference.client,
        serverFilter: PUBLIC,
        localPredicate: () => true,
        sampleRate: 2,
      }),
    ).rejects.toThrow(/between 0 and 1/);
  });

  it("refuses a server filter outside the contract, naming the key", async () => {
    await expect(
      shadowCompare({
        client: reference.client,
        serverFilter: { audience: "crew" } as never,
        localPredicate: () => true,
      }),
    ).rejects.toThrow(/audience/);
  });
});

describe("createShadowWrapper (edge function, bounded memory)", () => {
  const doc = (n: number, exposure: string): ShadowDocument => ({
    uri: `klappy://writings/w${n}`,
    title: `W${n}`,
    metadata: { audience: "public", exposure },
    path: `writings/w${n}.md`,
  });

  it("keeps counters and only the latest disagreements in its ring buffer", () => {
    const shadow = createShadowWrapper({ serverFilter: PUBLIC, localPredicate: () => true, ringSize: 3 });
    const docs = Array.from({ length: 10 }, (_, n) => doc(n, "nav"));
    shadow.observe(docs, []);
    const snap = shadow.snapshot();
    expect(snap).toMatchObject({ compared: 10, disagree: 10, agree: 0 });
    expect(snap.recent.map((d) => d.uri)).toEqual([
      "klappy://writings/w7",
      "klappy://writings/w8",
      "klappy://writings/w9",
    ]);
    expect(snap.reasons).toEqual([
      {
        reason: 'server excludes, local includes: exposure="nav"',
        count: 10,
        examples: ["klappy://writings/w0", "klappy://writings/w1", "klappy://writings/w2"],
      },
    ]);
  });

  it("pools reasons beyond maxReasons", () => {
    const shadow = createShadowWrapper({ serverFilter: PUBLIC, localPredicate: () => true, maxReasons: 2 });
    shadow.observe([doc(1, "nav"), doc(2, "draft"), doc(3, "hidden"), doc(4, "internal")], []);
    expect(shadow.snapshot().reasons.map((r) => [r.reason, r.count])).toEqual([
      ["(other reasons)", 2],
      ['server excludes, local includes: exposure="draft"', 1],
      ['server excludes, local includes: exposure="nav"', 1],
    ]);
  });

  it("runs a sampled comparison through a client and counts failures instead of throwing", async () => {
    const shadow = createShadowWrapper({
      serverFilter: PUBLIC,
      localPredicate: isPublicFacing,
      requestSampleRate: 0.5,
      random: () => 0.1,
    });
    expect(await shadow.maybeRun(reference.client)).toBe(true);
    expect(shadow.snapshot()).toMatchObject({ runs: 1, compared: 11, disagree: 4 });
    const broken = {
      paginate: () => {
        throw new Error("server down");
      },
    } as unknown as OddkitClient;
    expect(await shadow.maybeRun(broken)).toBe(false);
    expect(shadow.snapshot()).toMatchObject({ runs: 2, failedRuns: 1, lastError: "server down" });
    const never = createShadowWrapper({
      serverFilter: PUBLIC,
      localPredicate: () => true,
      random: () => 0.5,
    });
    expect(await never.maybeRun(reference.client)).toBe(false);
    expect(never.snapshot().runs).toBe(0);
  });
});

describe("predicate modules", () => {
  it("loads TypeScript through tsx and JavaScript directly", async () => {
    const ts = await loadPredicate("examples/predicates/is-public-facing.ts");
    expect(ts({ uri: "klappy://odd/handoffs/x", title: "x", metadata: {}, path: "odd/handoffs/x.md" })).toBe(
      false,
    );
    const js = await loadPredicate("test/fixtures/tools/predicates/keep-all.mjs");
    expect(js({ uri: "u", title: "t", metadata: {}, path: null })).toBe(true);
  });

  it("refuses a module with no default export and several functions", async () => {
    await expect(loadPredicate("test/fixtures/tools/predicates/two-exports.mjs")).rejects.toThrow(
      /default export \(found a, b\)/,
    );
    await expect(loadPredicate("test/fixtures/tools/predicates/missing.ts")).rejects.toThrow(/cannot read/);
  });
});

describe("oddkit-sdk shadow", () => {
  it("prints the disagreement lines and the counts by reason", async () => {
    const run = await runCli([
      "shadow",
      "--predicate",
      "examples/predicates/is-public-facing.ts",
      "--corpus",
      SHADOW,
    ]);
    expect(run.code).toBe(0);
    const jsonLines = run.stdout.split("\n").filter((l) => l.startsWith("{"));
    expect(jsonLines).toHaveLength(4);
    expect(run.stdout).toContain("11 documents compared: 7 agree, 4 disagree (36.4% divergence)");
  });

  it("writes the lines to --log and the report with --json", async () => {
    const dir = await mkdtemp(join(tmpdir(), "shadow-"));
    const log = join(dir, "disagreements.jsonl");
    const run = await runCli([
      "shadow",
      "--predicate",
      "test/fixtures/tools/predicates/keep-all.mjs",
      "--filter",
      '{"audience":"public","exposure":"public"}',
      "--corpus",
      SHADOW,
      "--log",
      log,
      "--json",
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    // keep-all: every document the server does not list is a local-only disagreement.
    expect(report.verdicts).toEqual({ bothInclude: 5, bothExclude: 0, serverOnly: 0, localOnly: 6 });
    expect((await readFile(log, "utf8")).trim().split("\n")).toHaveLength(6);
  });

  it("compares against a live server with --url", async () => {
    const { url } = await reference.server.listen({ port: 0 });
    const run = await runCli([
      "shadow",
      "--predicate",
      "examples/predicates/is-public-facing.ts",
      "--url",
      url,
      "--json",
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ compared: 11, agree: 7, disagree: 4 });
  });

  it("rejects a --filter that is not JSON", async () => {
    const run = await runCli([
      "shadow",
      "--predicate",
      "x.ts",
      "--filter",
      "{audience:public}",
      "--corpus",
      SHADOW,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--filter is not JSON");
  });
});
