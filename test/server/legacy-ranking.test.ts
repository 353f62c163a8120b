/**
 * Legacy mode ranks search like 0.28.x by default; with
 * `legacyRanking: "reference"` it answers the legacy shape over this server's
 * contract ranking, so a site run before and after its migration differs only
 * by what the migration changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KINDS } from "../../src/contract/index.js";
import { LEGACY_INDEXED_FOLDERS } from "../../src/legacy/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { envelopeOf } from "./helpers.js";

const QUERIES = ["disclosure", "token budgets journal", "canon governance", "epoch"];

let faithful: ReferenceServer;
let reference: ReferenceServer;
let contract: ReferenceServer;
beforeAll(async () => {
  faithful = await createReferenceServer({ mode: "legacy" });
  reference = await createReferenceServer({ mode: "legacy", legacyRanking: "reference" });
  contract = await createReferenceServer({ mode: "contract" });
});
afterAll(async () => {
  await Promise.all([faithful.close(), reference.close(), contract.close()]);
});

type Hit = { uri: string; path: string; score: number };
async function legacyHits(server: ReferenceServer, input: string): Promise<Hit[]> {
  const envelope = envelopeOf(await server.callTool("oddkit_search", { input }));
  return (envelope.result as { hits: Hit[] }).hits;
}

/** The contract search's order over every kind, kept to the documents 0.28.x indexes. */
async function contractOrder(input: string): Promise<string[]> {
  const pathOf = new Map(contract.corpus.documents.map((d) => [d.uri, d.path]));
  const envelope = envelopeOf(
    await contract.callTool("oddkit_search", { input, include: [...KINDS], limit: 500, disclosure: [] }),
  );
  return (envelope.result as { data: { uri: string }[] }).data
    .map((e) => e.uri)
    .filter((uri) => LEGACY_INDEXED_FOLDERS.some((f) => pathOf.get(uri)?.startsWith(f)));
}

describe("legacy search ranking", () => {
  it("reference: the legacy hits are the contract search's best hits, in its order", async () => {
    for (const q of QUERIES) {
      const hits = await legacyHits(reference, q);
      expect(hits.length, q).toBeGreaterThan(0);
      expect(
        hits.map((h) => h.uri),
        q,
      ).toEqual((await contractOrder(q)).slice(0, hits.length));
    }
  });

  it("0.28 (default): ranked by 0.28.x's own BM25, which orders at least one query differently", async () => {
    const differs: string[] = [];
    for (const q of QUERIES) {
      const a = (await legacyHits(faithful, q)).map((h) => h.uri);
      const b = (await legacyHits(reference, q)).map((h) => h.uri);
      if (JSON.stringify(a) !== JSON.stringify(b)) differs.push(q);
    }
    expect(differs.length).toBeGreaterThan(0);
  });

  it("refuses an unknown ranking with the allowed values", async () => {
    await expect(createReferenceServer({ mode: "legacy", legacyRanking: "bm25" as never })).rejects.toThrow(
      /legacyRanking 'bm25' is not one of 0\.28, reference/,
    );
  });
});
