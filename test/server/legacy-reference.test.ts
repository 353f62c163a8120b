/**
 * Legacy mode against the real 0.28.x handler. The reference envelopes in
 * test/fixtures/legacy-reference/ were produced by running the public oddkit
 * server's `handleUnifiedAction` (klappy/oddkit, workers/src/orchestrate.ts)
 * under tsx with fetch stubbed, over the same fixture corpus zipped; only its
 * JSON output is committed (regenerate with scripts/legacy-reference.ts).
 * Since legacy mode reads frontmatter, hashes and ranks as 0.28.x does,
 * nothing is normalised but the clock.
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

  // Byte for byte: the whole result as JSON text (key order, content hashes, search scores
  // and order included) and the assistant text; only server_time and debug (timings) differ.
  it.each(Object.entries(reference.cases))(
    "%s: the same result and assistant text, byte for byte",
    async (_name, ref) => {
      const mine = await ours(ref.params);
      expect(Object.keys(mine)).toEqual(Object.keys(ref.envelope));
      expect(mine.action).toBe(ref.envelope.action);
      expect(JSON.stringify(mine.result, null, 2)).toBe(JSON.stringify(ref.envelope.result, null, 2));
      expect(mine.assistant_text).toBe(ref.envelope.assistant_text);
    },
  );
});
