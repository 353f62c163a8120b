/**
 * Legacy mode against the real 0.28.x handler. The reference envelopes in
 * test/fixtures/legacy-reference/ were produced by running the public oddkit
 * server's `handleUnifiedAction` (klappy/oddkit, workers/src/orchestrate.ts)
 * under tsx with fetch stubbed, over the same fixture corpus zipped; only its
 * JSON output is committed. Known, unavoidable differences are normalised in
 * one place below.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { fixtureCorpus } from "./fixture-corpus.js";
import { envelopeOf } from "./helpers.js";

interface ReferenceCase {
  params: Record<string, unknown>;
  envelope: { action: string; result: Record<string, unknown>; assistant_text: string; debug?: object };
}
const reference = JSON.parse(
  readFileSync(new URL("../fixtures/legacy-reference/fixture-corpus.json", import.meta.url), "utf8"),
) as { cases: Record<string, ReferenceCase> };

/**
 * The differences between this server and the 0.28.x code, all of them:
 * - content_hash: sha256 hex here, a 31-bit string hash there;
 * - search score: BM25 of minisearch here, the worker's own BM25 there (so
 *   hits past the top one may come in another order, and their text shows scores);
 * - server_time and debug: timestamps and timings.
 */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === "content_hash" ? "<hash>" : k === "score" ? "<score>" : normalise(v);
  }
  return out;
}

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ corpus: fixtureCorpus(), mode: "legacy" });
});

async function ours(params: Record<string, unknown>) {
  return envelopeOf(await server.callTool("oddkit", params, { consumer: "reference-test" }));
}

describe("legacy mode matches the 0.28.x handler on the same corpus", () => {
  it("indexes the same documents", async () => {
    const catalog = (await ours({ action: "catalog", input: "", sort_by: "path", limit: 500 })).result;
    const theirs = reference.cases["catalog-path-all"]!.envelope.result.articles as { path: string }[];
    expect((catalog.articles as { path: string }[]).map((a) => a.path)).toEqual(theirs.map((a) => a.path));
  });

  const exact = Object.entries(reference.cases).filter(([name]) => !name.startsWith("search-"));
  it.each(exact)("%s: same envelope fields and values, same assistant text", async (_name, ref) => {
    const mine = await ours(ref.params);
    expect(Object.keys(mine)).toEqual(Object.keys(ref.envelope));
    expect(mine.action).toBe(ref.envelope.action);
    expect(normalise(mine.result)).toEqual(normalise(ref.envelope.result));
    if (ref.envelope.action !== "get") expect(mine.assistant_text).toBe(ref.envelope.assistant_text);
  });

  const searches = Object.entries(reference.cases).filter(([name]) => name.startsWith("search-"));
  it.each(searches)("%s: same shape, same hit fields, same top hit", async (_name, ref) => {
    const mine = (await ours(ref.params)).result;
    const theirs = ref.envelope.result;
    expect(Object.keys(mine)).toEqual(Object.keys(theirs));
    expect(mine.status).toBe(theirs.status);
    expect(mine.docs_considered).toBe(theirs.docs_considered);
    const myHits = mine.hits as Record<string, unknown>[];
    const theirHits = theirs.hits as Record<string, unknown>[];
    expect(myHits.length).toBe(theirHits.length);
    if (theirHits.length === 0) return;
    expect(myHits[0]!.path).toBe(theirHits[0]!.path);
    expect(new Set(myHits.map((h) => h.path))).toEqual(new Set(theirHits.map((h) => h.path)));
    for (const hit of myHits) {
      const twin = theirHits.find((h) => h.path === hit.path)!;
      expect(Object.keys(hit)).toEqual(Object.keys(twin));
      expect(normalise(hit)).toEqual(normalise(twin));
    }
    expect(normalise((mine.evidence as unknown[])[0])).toEqual(normalise((theirs.evidence as unknown[])[0]));
  });
});
