/**
 * Backward shim (old code, new server): legacy calls through
 * createLegacyCompat against a contract-mode server must give the envelope a
 * legacy-mode server gives over the same corpus, field by field, apart from
 * the fields LEGACY_COMPAT_DIFFERENCES lists. The fat catalog must be the
 * same JSON text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitFrontmatter } from "../../src/corpus/frontmatter.js";
import {
  type Corpus,
  corpusFromFiles,
  createReferenceServer,
  loadCorpus,
  type ReferenceServer,
  sampleCorpusDir,
} from "../../src/server/index.js";
import { createLegacyCompat, type LegacyCompat } from "../../src/shim/backward/compat.js";
import { LEGACY_COMPAT_DIFFERENCES } from "../../src/shim/backward/differences.js";
import { resetLegacyUsage } from "../../src/shim/deprecation.js";
import { callerOf, fixtureCorpus, oddCorpus, readAlike } from "./harness.js";

type Call = [string, Record<string, unknown>];

/** The corpus minus what the contract cannot list (documents without a kind, second files of a URI). */
function contractVisible(corpus: Corpus): Corpus {
  const files = corpus.documents
    .filter((d) => d.kind !== null && corpus.byUri.get(d.uri) === d)
    // documents 0.28.x's reader reads as YAML does (the others: LEGACY_COMPAT_DIFFERENCES)
    .filter(readAlike)
    .map((d) => ({ path: d.path, text: d.raw }));
  return corpusFromFiles(files);
}

/** Drop exactly the listed differences; everything else must match. */
function comparable(envelope: Record<string, unknown>): Record<string, unknown> {
  const {
    server_time: _t,
    debug,
    assistant_text,
    ...rest
  } = envelope as {
    server_time: string;
    debug: Record<string, unknown>;
    assistant_text: string;
  };
  const { duration_ms: _d, mode: _m, generated_at: _g, ...debugRest } = debug ?? {};
  const out: Record<string, unknown> = {
    ...rest,
    assistant_text: assistant_text.replace(/\n\nTip: label your calls[\s\S]*$/, ""),
    debug: debugRest,
  };
  let result = out.result as Record<string, unknown>;
  // Post-window search ranks with the contract's search (LEGACY_COMPAT_DIFFERENCES): hits, evidence, scores.
  if (envelope.action === "search" && result) {
    out.result = result = { status: result.status, docs_considered: result.docs_considered };
    out.assistant_text = "(the search text)";
  }
  // The whole-file hash is 0.28.x's string hash of the file rebuilt from canonical YAML.
  out.result = result = stripHashes(result) as Record<string, unknown>;
  if (typeof result?.content === "string" && result.section === undefined) {
    out.result = { ...result, content: splitFrontmatter(result.content.replace(/\r\n?/g, "\n")).body };
    out.assistant_text = "(the content)";
  }
  if (envelope.action === "version") {
    const { baseline_url: _b, oddkit_version: _o, server_version: _s, ...r } = result;
    out.result = r;
    out.assistant_text = "(the version)";
  }
  return out;
}

function stripHashes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripHashes);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === "content_hash" ? "<hash>" : stripHashes(v)]),
  );
}

function legacyCalls(uris: string[]): Call[] {
  const calls: Call[] = [
    ["oddkit_catalog", {}],
    ["oddkit_catalog", { sort_by: "path", limit: 500 }],
    ["oddkit_catalog", { sort_by: "path", limit: 3, offset: 2 }],
    ["oddkit_catalog", { sort_by: "date" }],
    ["oddkit_catalog", { sort_by: "date", filter_epoch: "E0007" }],
    ["oddkit", { action: "catalog", input: "", sort_by: "path" }],
    ["oddkit_search", { input: "caching guidance" }],
    ["oddkit_search", { input: "guide", include_metadata: true }],
    ["oddkit_search", { input: "guide", result_grouping: "grouped" }],
    ["oddkit_search", { input: "zzzz-no-such-term" }],
    ["oddkit", { action: "search", input: "ledger challenge", include_metadata: true }],
    ["oddkit_preflight", { input: "caching guidance" }],
    ["oddkit", { action: "preflight", input: "preflight: write a guide" }],
    ["oddkit_version", {}],
    ["oddkit_get", { input: "klappy://nowhere/at-all" }],
    ["oddkit_get", { input: "docs/new-guide", include_metadata: true }],
    ["oddkit_get", { input: "klappy://canon/principles/caching", section: "Summary" }],
    ["oddkit_get", { input: "klappy://canon/principles/caching", section: "No such section" }],
    ["oddkit_resolve", { input: "klappy://docs/old-guide" }],
    ["oddkit_resolve", { input: "klappy://docs/loop-a" }],
    ["oddkit_resolve", { input: "klappy://docs/dangling" }],
    ["oddkit_resolve", { input: "klappy://nowhere" }],
    ["oddkit_resolve", { input: "docs/old-guide.md" }],
    ["oddkit", { action: "teleport", input: "x" }],
    ["oddkit_teleport", { input: "x" }],
    ["oddkit_search", { input: 42 }],
  ];
  for (const uri of uris) {
    calls.push(
      ["oddkit_get", { input: uri }],
      ["oddkit", { action: "get", input: uri, include_metadata: true }],
    );
    calls.push(["oddkit_resolve", { input: uri }]);
  }
  return calls;
}

function describeCorpus(name: string, load: () => Promise<Corpus>) {
  describe(`backward shim over the ${name}`, () => {
    let pair: { contract: ReferenceServer; legacy: ReferenceServer; close(): Promise<unknown> };
    let compat: LegacyCompat;
    let uris: string[];
    beforeAll(async () => {
      const corpus = contractVisible(await load());
      // After the window (0.32.0): the server no longer builds legacy envelopes, the shim synthesises them.
      const [contract, legacy] = await Promise.all([
        createReferenceServer({ corpus, version: "0.32.0" }),
        createReferenceServer({ corpus, mode: "legacy" }),
      ]);
      pair = { contract, legacy, close: () => Promise.all([contract.close(), legacy.close()]) };
      // With the repository's file list, as a consumer gives it: every path exact (test/shim/real-kb.test.ts covers none).
      compat = createLegacyCompat(
        { callTool: callerOf(pair.contract) },
        { legacyPolicy: "silent", files: corpus.documents.map((d) => d.path) },
      );
      uris = corpus.documents.map((d) => d.uri);
    });
    afterAll(async () => {
      await pair.close();
      resetLegacyUsage();
    });

    it("synthesises the fat catalog as the same JSON text", async () => {
      for (const args of [{ sort_by: "path", limit: 500 }, {}, { sort_by: "date", limit: 7, offset: 1 }]) {
        const legacy = JSON.parse((await pair.legacy.callTool("oddkit_catalog", args)).content[0]!.text);
        const synthesised = await compat.call("oddkit_catalog", args);
        expect(JSON.stringify(synthesised.result, null, 2)).toBe(JSON.stringify(legacy.result, null, 2));
      }
    });

    it("answers every legacy call field by field as a legacy server does", async () => {
      for (const [tool, args] of legacyCalls(uris)) {
        const direct = await pair.legacy.callTool(tool, args);
        const legacy = JSON.parse(direct.content[0]!.text) as Record<string, unknown>;
        const shimmed = await compat.callTool(tool, args);
        const synthesised = JSON.parse(shimmed.content[0]!.text) as Record<string, unknown>;
        expect(comparable(synthesised), `${tool} ${JSON.stringify(args)}`).toEqual(comparable(legacy));
        expect(shimmed.isError === true, `${tool} isError`).toBe(direct.isError === true);
      }
    });
  });
}

describeCorpus("server fixture corpus", fixtureCorpus);
describeCorpus("odd-frontmatter corpus", oddCorpus);

describe("governance actions", () => {
  it("are refused in the compat's own words, naming the actions it answers", async () => {
    const compat = createLegacyCompat(
      { callTool: async () => ({ envelope: {}, isError: false, meta: { bytes: 0, tokens: null } }) },
      { legacyPolicy: "silent", era: { override: "window" } },
    );
    const refused = await compat.call("oddkit", { action: "orient", input: "x" });
    expect(refused.action).toBe("error");
    expect(refused.result).toEqual({
      error:
        "Action 'orient' is not a retrieval action; the legacy compat shim answers search, get, resolve, catalog, preflight and version. Call 'orient' on the server directly.",
    });
    resetLegacyUsage();
  });
});

describe("the listed differences", () => {
  it("are one list, each with a reason", () => {
    expect(LEGACY_COMPAT_DIFFERENCES.length).toBeGreaterThan(0);
    for (const d of LEGACY_COMPAT_DIFFERENCES) expect(d.reason.length).toBeGreaterThan(20);
  });
});

describe("backward shim over the bundled sample corpus (566 documents)", () => {
  it.each([
    ["the server's own envelope in the window (0.30.0)", "0.30.0", "window"],
    ["synthesis after the window (0.32.0)", "0.32.0", "synthesised"],
  ])("%s: every page of the fat catalog as the same JSON text", async (_name, version, path) => {
    const sample = contractVisible(await loadCorpus(sampleCorpusDir()));
    const [contract, legacy] = await Promise.all([
      createReferenceServer({ mode: "contract", version, corpus: sample }),
      createReferenceServer({ mode: "legacy", corpus: sample }),
    ]);
    try {
      const compat = createLegacyCompat({ callTool: callerOf(contract) }, { legacyPolicy: "silent" });
      const pages = [
        { sort_by: "path", limit: 500 },
        { sort_by: "path", limit: 500, offset: 500 },
        { sort_by: "date" },
        {},
      ];
      for (const args of pages) {
        const expected = JSON.parse((await legacy.callTool("oddkit_catalog", args)).content[0]!.text).result;
        const synthesised = (await compat.call("oddkit_catalog", args)).result;
        expect(compat.lastCall?.path).toBe(path);
        expect(JSON.stringify(synthesised, null, 2), JSON.stringify(args)).toBe(
          JSON.stringify(expected, null, 2),
        );
      }
    } finally {
      await Promise.all([contract.close(), legacy.close()]);
    }
  });
});
