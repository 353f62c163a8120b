/**
 * The search action keeps one bitset per filter set (SearchIndex.keepMask,
 * keyed by the canonical filters). A long-lived server that has seen many
 * filter sets answers every search — total, hits, scores, order, at any
 * offset — exactly as a server that sees that one request first: a cached
 * mask is never reused for different filters. fast-check draws the filter
 * sets (kinds, audience, tier, tags, path prefixes) and the queries.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { corpusFromFiles } from "../../../src/corpus/index.js";
import { createReferenceServer, type ReferenceServer } from "../../../src/server/index.js";
import { resultOf } from "../helpers.js";

const WORDS = ["cache", "caches", "catalog", "index", "token", "budget", "zebra"];
const FOLDERS = ["canon", "docs", "essays", "odd/journals", "writings"];

function files(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (let i = 0; i < 60; i++) {
    const w = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length]!;
    const tags = JSON.stringify([w(1), w(4)].slice(0, i % 3));
    out.push({
      path: `${FOLDERS[i % FOLDERS.length]}/n${String(i).padStart(2, "0")}.md`,
      text: `---\ntitle: "${w(0)} ${w(2)}"\naudience: ${i % 2 === 0 ? "public" : "canon"}\ntier: ${1 + (i % 3)}\ntags: ${tags}\n---\n# ${w(0)}\n\n${w(1)} ${w(2)} ${w(3)} ${w(i % 5)} ${w(0)}\n`,
    });
  }
  return out;
}

const filterSet = fc.record(
  {
    include: fc.subarray(["canon", "docs", "essays", "journals"], { minLength: 1 }),
    audience: fc.constantFrom("public", "canon"),
    tier: fc.subarray([1, 2, 3], { minLength: 1 }),
    tags: fc.subarray(WORDS.slice(0, 4), { minLength: 1 }),
    path_prefix: fc.constantFrom("canon/", "docs/", "odd/", "essays/n1"),
  },
  { requiredKeys: [] },
);

describe("search filters as cached bitsets", () => {
  const corpus = corpusFromFiles(files());
  let longLived: ReferenceServer | null = null;
  afterAll(async () => {
    await longLived?.close();
  });

  it("answers every filter set as a fresh server does (fast-check: filters, queries, offsets)", async () => {
    longLived = await createReferenceServer({ corpus });
    await fc.assert(
      fc.asyncProperty(
        filterSet,
        fc.array(fc.constantFrom(...WORDS, "cach", "the"), { minLength: 1, maxLength: 3 }),
        fc.nat({ max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        async (filters, words, offset, limit) => {
          const args = { input: words.join(" "), ...filters, offset, limit };
          const fresh = await createReferenceServer({ corpus });
          try {
            const expected = resultOf(await fresh.callTool("oddkit_search", args));
            const actual = resultOf(await longLived!.callTool("oddkit_search", args));
            expect(actual).toEqual(expected);
          } finally {
            await fresh.close();
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
