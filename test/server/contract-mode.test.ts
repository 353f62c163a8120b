/**
 * Contract mode: every action, every flag combination, a spread of filters
 * and pages, answered in-process and checked by the contract core's
 * checkCompliance against the corpus's ground truth; error envelopes exact.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACTION_SPECS,
  checkCompliance,
  FLAG_CAPS,
  flagNotPermittedError,
  limitExceedsCapError,
  NO_FLAG_CAP,
  notFoundError,
  supersessionError,
} from "../../src/contract/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { fixtureCorpus } from "./fixture-corpus.js";
import { complianceContext, envelopeOf, resultOf, subsets } from "./helpers.js";

const FILTER_SETS: Record<string, unknown>[] = [
  {},
  { audience: "public", exposure: "public" },
  { audience: "canon", tier: [1, 2] },
  { path_prefix: "docs/" },
  { path_prefix: ["canon/", "writings/"] },
  { include: "journals", path_prefix: "odd/handoffs/" },
  { include: ["canon", "journals", "apocrypha"] },
  { exclude: "canon" },
  { include: ["canon", "docs"], exclude: "docs" },
  { start_here: true, exposure: "public" },
  { public: true },
  { tags: "caching" },
];

const corpora: [string, () => Promise<ReferenceServer>][] = [
  ["fixture corpus", () => createReferenceServer({ corpus: fixtureCorpus() })],
  ["bundled sample corpus", () => createReferenceServer()],
];

describe.each(corpora)("contract mode on the %s", (_name, make) => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await make();
  });

  const check = async (tool: string, action: keyof typeof ACTION_SPECS, params: Record<string, unknown>) => {
    const response = await server.callTool(tool, params);
    const violations = checkCompliance({ action, params }, response, complianceContext(server.corpus));
    expect(violations, `${tool} ${JSON.stringify(params)}`).toEqual([]);
    return response;
  };

  it("search, catalog and preflight comply at every flag combination, filter set and page", async () => {
    const queries = { search: "caching catalog", preflight: "cache the catalog at the edge" } as const;
    for (const action of ["search", "catalog", "preflight"] as const) {
      for (const disclosure of subsets(ACTION_SPECS[action].permittedFlags)) {
        for (const filters of FILTER_SETS) {
          const base: Record<string, unknown> = { disclosure, ...filters };
          if (action !== "catalog") base.input = queries[action];
          await check(`oddkit_${action}`, action, base);
          await check(`oddkit_${action}`, action, { ...base, limit: 2, offset: 1 });
          if (action === "catalog")
            await check("oddkit_catalog", action, { ...base, sort_by: "date", limit: 3 });
        }
      }
    }
  });

  it("get and resolve comply at every flag combination", async () => {
    const uris = server.corpus.documents.slice(0, 6).map((d) => d.uri);
    for (const action of ["get", "resolve"] as const) {
      for (const disclosure of subsets(ACTION_SPECS[action].permittedFlags)) {
        for (const uri of uris) await check(`oddkit_${action}`, action, { input: uri, disclosure });
      }
      // The declared default: body.
      await check(`oddkit_${action}`, action, { input: uris[0] });
    }
  });

  it("search carries score and a query-matched snippet at the default disclosure, best first, with an exact total", async () => {
    const result = resultOf(await server.callTool("oddkit_search", { input: "caching" }));
    const data = result.data as { uri: string; score: number; snippet: string }[];
    expect(data.length).toBeGreaterThan(0);
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(["score", "snippet", "title", "uri"]);
      expect(entry.snippet.length).toBeLessThanOrEqual(200);
    }
    expect(data.some((e) => /cach/i.test(e.snippet))).toBe(true);
    const all = resultOf(await server.callTool("oddkit_search", { input: "caching", limit: 500 }));
    expect(all.total).toBe((all.data as unknown[]).length);
    expect(result.total).toBe(all.total);
  });

  it("catalog pages do not overlap and cover total", async () => {
    const first = resultOf(await server.callTool("oddkit_catalog", { limit: 3 }));
    const total = first.total as number;
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 3) {
      const page = resultOf(await server.callTool("oddkit_catalog", { limit: 3, offset }));
      seen.push(...(page.data as { uri: string }[]).map((e) => e.uri));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("catalog sort_by date lists newest first, undated last", async () => {
    const result = resultOf(await server.callTool("oddkit_catalog", { sort_by: "date", limit: 500 }));
    const dates = (result.data as { uri: string }[]).map((e) => {
      const doc = server.corpus.documents.find((d) => d.uri === e.uri)!;
      return doc.date;
    });
    const dated = dates.filter((d) => d !== null) as string[];
    expect(dated).toEqual([...dated].sort().reverse());
    expect(dates.slice(dated.length).every((d) => d === null)).toBe(true);
  });

  it("refuses body on listings and limits above the active cap with the exact envelopes", async () => {
    for (const action of ["search", "catalog", "preflight"] as const) {
      const params: Record<string, unknown> = { disclosure: ["body"] };
      if (action !== "catalog") params.input = "x";
      const refused = await server.callTool(`oddkit_${action}`, params);
      expect(refused.isError).toBe(true);
      expect(resultOf(refused)).toEqual(flagNotPermittedError(action, "body"));
    }
    const capped = await server.callTool("oddkit_catalog", {
      disclosure: ["blockquote", "summary"],
      limit: 100,
    });
    expect(capped.isError).toBe(true);
    expect(resultOf(capped)).toEqual(limitExceedsCapError(100, FLAG_CAPS.summary, "summary"));
    const floor = await server.callTool("oddkit_catalog", { limit: NO_FLAG_CAP + 1 });
    expect(resultOf(floor)).toEqual(limitExceedsCapError(NO_FLAG_CAP + 1, NO_FLAG_CAP, null));
  });

  it("answers a missing URI with NOT_FOUND and invalid parameters with INVALID_PARAMS", async () => {
    const missing = await server.callTool("oddkit_get", { input: "klappy://nowhere/at-all" });
    expect(missing.isError).toBe(true);
    expect(resultOf(missing)).toEqual(notFoundError("get", "klappy://nowhere/at-all"));
    const filtered = await server.callTool("oddkit_get", { input: "klappy://x", audience: "public" });
    expect(resultOf(filtered)).toMatchObject({
      status: "ERROR",
      error_code: "INVALID_PARAMS",
      action: "get",
    });
    // the opt-in follows the version: accepted at 0.30.0 (N), refused from the window's end on
    const legacyOptIn = await server.callTool("oddkit_catalog", { include_legacy_envelope: true });
    expect(legacyOptIn.isError).toBeFalsy();
    const late = await createReferenceServer({ corpus: server.corpus, version: "0.32.0" });
    const refused = await late.callTool("oddkit_catalog", { include_legacy_envelope: true });
    expect(refused.isError).toBe(true);
    expect(resultOf(refused)).toMatchObject({ error_code: "INVALID_PARAMS" });
    expect(JSON.stringify(resultOf(refused))).toMatch(/removed in 0\.32\.0/);
    await late.close();
  });

  it("reports the server version and the knowledge base revision", async () => {
    const envelope = envelopeOf(await server.callTool("oddkit_version", {}));
    expect(envelope.result).toEqual({
      server_version: "0.30.0",
      knowledge_base_revision: server.corpus.revision,
    });
  });
});

describe("contract mode on the fixture corpus: URI forms, supersession, preflight roles", () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await createReferenceServer({ corpus: fixtureCorpus() });
  });
  const data = async (tool: string, args: Record<string, unknown>) =>
    resultOf(await server.callTool(tool, args)).data as Record<string, unknown>;

  it("get accepts klappy URIs, declared URIs and bare paths with or without .md", async () => {
    for (const input of ["klappy://docs/new-guide", "docs/new-guide", "docs/new-guide.md"]) {
      expect((await data("oddkit_get", { input })).uri).toBe("klappy://docs/new-guide");
    }
    expect((await data("oddkit_get", { input: "klappy://writings/on-caching" })).title).toBe("On caching");
  });

  it("resolve walks superseded_by through path forms with and without .md", async () => {
    const entry = await data("oddkit_resolve", { input: "klappy://docs/old-guide", disclosure: [] });
    expect(entry).toEqual({
      uri: "klappy://docs/new-guide",
      title: "New guide",
      content_hash: server.corpus.byPath.get("docs/new-guide.md")!.contentHash,
      supersession_chain: [
        { uri: "klappy://docs/old-guide", superseded_at: "2026-01-10" },
        { uri: "klappy://docs/middle-guide" },
      ],
    });
  });

  it("resolve reports cycles and dangling successors with the core's envelopes", async () => {
    const loop = await server.callTool("oddkit_resolve", { input: "klappy://docs/loop-a" });
    expect(loop.isError).toBe(true);
    expect(resultOf(loop)).toEqual(
      supersessionError("CIRCULAR_SUPERSESSION", "klappy://docs/loop-a", [
        { uri: "klappy://docs/loop-a" },
        { uri: "klappy://docs/loop-b" },
        { uri: "klappy://docs/loop-a" },
      ]),
    );
    const dangling = await server.callTool("oddkit_resolve", { input: "klappy://docs/dangling" });
    expect(resultOf(dangling)).toEqual(
      supersessionError("DANGLING_SUPERSESSION", "klappy://docs/dangling", [
        { uri: "klappy://docs/dangling" },
        { uri: "docs/missing-successor" },
      ]),
    );
  });

  it("preflight bundles start_here, constraint, definition_of_done and relevant entries", async () => {
    const result = resultOf(await server.callTool("oddkit_preflight", { input: "cache the catalog" }));
    const entries = result.data as { uri: string; role: string }[];
    const order = ["start_here", "constraint", "definition_of_done", "relevant"];
    const roles = entries.map((e) => order.indexOf(e.role));
    expect(roles).toEqual([...roles].sort((a, b) => a - b));
    expect(entries.filter((e) => e.role === "start_here").map((e) => e.uri)).toEqual([
      "klappy://canon/principles/caching",
      "klappy://writings/on-caching",
    ]);
    expect(entries.find((e) => e.role === "constraint")?.uri).toBe(
      "klappy://canon/constraints/no-silent-truncation",
    );
    expect(entries.find((e) => e.role === "definition_of_done")?.uri).toBe(
      "klappy://canon/definition-of-done",
    );
    expect(entries.some((e) => e.uri.startsWith("klappy://odd/"))).toBe(false);
  });

  it("kind follows frontmatter over path, and journals only appear on explicit include", async () => {
    const catalog = resultOf(await server.callTool("oddkit_catalog", { limit: 500 }));
    const uris = (catalog.data as { uri: string }[]).map((e) => e.uri);
    expect(uris).toContain("klappy://odd/challenge/promoted");
    expect(uris).not.toContain("klappy://odd/handoffs/2026-05-01-session");
    expect(uris).not.toContain("klappy://public/landing");
    const journals = resultOf(await server.callTool("oddkit_catalog", { include: "journals" }));
    expect((journals.data as { uri: string }[]).map((e) => e.uri)).toEqual([
      "klappy://odd/handoffs/2026-05-01-session",
    ]);
  });

  it("the unified tool runs the same actions and refuses non-retrieval ones clearly", async () => {
    const viaUnified = resultOf(
      await server.callTool("oddkit", { action: "get", input: "klappy://docs/new-guide" }),
    );
    const direct = resultOf(await server.callTool("oddkit_get", { input: "klappy://docs/new-guide" }));
    expect(viaUnified).toEqual(direct);
    const orient = await server.callTool("oddkit", { action: "orient", input: "x" });
    expect(orient.isError).toBe(true);
    expect(envelopeOf(orient)).toMatchObject({ action: "error" });
    expect(String(resultOf(orient).error)).toMatch(/not implemented by the oddkit-sdk reference server/);
    const unknown = await server.callTool("oddkit", { action: "dance" });
    expect(String(resultOf(unknown).error)).toMatch(/^Unknown action: dance/);
  });

  it("nudges unlabeled callers and counts labeled ones", async () => {
    const unlabeled = envelopeOf(await server.callTool("oddkit_version", {}));
    expect(unlabeled.assistant_text).toMatch(/\?consumer=/);
    const labeled = envelopeOf(await server.callTool("oddkit_version", {}, { consumer: "docs-site" }));
    expect(labeled.assistant_text).not.toMatch(/\?consumer=/);
    expect(server.consumers.get("docs-site")).toBe(1);
  });
});

describe("prefix map: apocrypha under canon/apocrypha/", () => {
  it("longest prefix wins, so those pages leave the default include", async () => {
    const { corpusFromFiles } = await import("../../src/corpus/index.js");
    const { FIXTURE_FILES } = await import("./fixture-corpus.js");
    const kindMap = {
      "canon/": "canon",
      "canon/apocrypha/": "apocrypha",
      "docs/": "docs",
      "odd/": "journals",
      "writings/": "essays",
    } as const;
    const server = await createReferenceServer({ corpus: corpusFromFiles(FIXTURE_FILES, { kindMap }) });
    const search = async (params: Record<string, unknown>) =>
      (
        resultOf(await server.callTool("oddkit_search", { input: "myth caching", ...params })).data as {
          uri: string;
        }[]
      ).map((e) => e.uri);
    expect(await search({})).not.toContain("klappy://canon/apocrypha/old-myth");
    expect(await search({ include: "apocrypha" })).toEqual(["klappy://canon/apocrypha/old-myth"]);
    const response = await server.callTool("oddkit_catalog", { include: ["canon", "apocrypha"] });
    expect(
      checkCompliance(
        { action: "catalog", params: { include: ["canon", "apocrypha"] } },
        response,
        complianceContext(server.corpus),
      ),
    ).toEqual([]);
  });
});
