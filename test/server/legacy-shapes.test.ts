/**
 * Legacy mode against the real 0.28.x handler on frontmatter written the way
 * real knowledge bases write it (test/server/legacy-shapes-corpus.ts): flow
 * maps and sequences, multi-line and block scalars, colons and `#` in
 * values, block lists of maps, URIs that do not name the path, and sibling
 * folders sharing a prefix. The reference envelopes were produced by
 * `scripts/legacy-reference.ts shapes` (the public oddkit handler under tsx,
 * fetch stubbed, the corpus zipped in git tree order); only its JSON output
 * is committed. Everything but the clock is compared byte for byte: the
 * whole `result` serialised (key order, values, scores, content hashes) and
 * the assistant text.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { envelopeOf } from "./helpers.js";
import { LEGACY_SHAPES_CASES, legacyShapesCorpus } from "./legacy-shapes-corpus.js";

interface ReferenceCase {
  params: Record<string, unknown>;
  envelope: { action: string; result: Record<string, unknown>; assistant_text: string };
}
const reference = JSON.parse(
  readFileSync(new URL("../fixtures/legacy-reference/legacy-shapes.json", import.meta.url), "utf8"),
) as { cases: Record<string, ReferenceCase> };

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ corpus: legacyShapesCorpus(), mode: "legacy" });
});
afterAll(async () => {
  await server.close();
});

async function ours(params: Record<string, unknown>) {
  return envelopeOf(await server.callTool("oddkit", params, { consumer: "reference-test" }));
}

describe("legacy mode matches the 0.28.x handler on real frontmatter shapes", () => {
  it("records every case the corpus module declares", () => {
    expect(Object.keys(reference.cases).sort()).toEqual(Object.keys(LEGACY_SHAPES_CASES).sort());
  });

  it.each(Object.entries(reference.cases))(
    "%s: result and assistant text byte for byte",
    async (_name, ref) => {
      const mine = await ours(ref.params);
      expect(mine.action).toBe(ref.envelope.action);
      expect(JSON.stringify(mine.result, null, 2)).toBe(JSON.stringify(ref.envelope.result, null, 2));
      expect(mine.assistant_text).toBe(ref.envelope.assistant_text);
    },
  );

  it("covers the shapes the issue names", () => {
    const articles = reference.cases["catalog-path-all"]!.envelope.result.articles as {
      path: string;
      metadata: Record<string, unknown>;
    }[];
    const meta = (path: string) => articles.find((a) => a.path === path)!.metadata;
    // flow map kept as text, flow sequence of maps split at every comma
    expect(meta("canon/fragments/on-weights.md").assets).toBe("{hero: /img/weights.png, alt: A balance}");
    expect(meta("canon/fragments/on-weights.md").receipts).toHaveLength(4);
    // a multi-line plain scalar keeps its first line; block scalar indicators are the value
    expect(meta("canon/fragments-of-the-canon/quoted.md").description).toBe("This description runs");
    expect(meta("writings/a-very-long-essay-file-name-about-measuring-what-matters.md").folded).toBe(">");
    // sibling folders with a shared prefix, in the handler's index order
    expect(reference.cases["catalog-plain"]!.envelope.result.start_here).toEqual([
      "canon/fragments-of-the-canon/README.md",
      "canon/fragments/README.md",
      "docs/QUICKSTART.md",
    ]);
    // a query matching almost nothing still answers FOUND with weak hits; scores on 0.28.x's scale
    const weak = reference.cases["search-near-empty"]!.envelope.result;
    expect(weak.status).toBe("FOUND");
    expect((weak.hits as { score: number }[]).every((h) => h.score > 0 && h.score < 10)).toBe(true);
    // the content hash is 0.28.x's base-36 string hash, not sha256
    expect(reference.cases["get-flow"]!.envelope.result.content_hash).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
