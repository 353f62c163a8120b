/**
 * Catalog pages from per-filter-set bitsets (src/server/listing-bits.ts) are
 * exactly the pages of the one-pass reference, `catalogPage`: the same
 * documents in the same order, the same total, at any offset, for either
 * order, with the window's legacy fields too. One long-lived served corpus
 * answers every generated request, so bitsets remembered for earlier filter
 * sets (and dropped past the cache's size) are exercised; fast-check draws
 * the corpus (kinds, audiences, tiers, tags, dates with ties and gaps, URIs
 * declared twice), the filter sets, the order and the page.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateRequest } from "../../src/contract/index.js";
import { corpusFromFiles } from "../../src/corpus/index.js";
import { catalogAction, catalogOutcome, catalogPage } from "../../src/server/contract-actions.js";
import { ListingBits } from "../../src/server/listing-bits.js";
import { SearchIndex } from "../../src/server/search-index.js";
import { servedCorpus } from "../../src/server/state.js";

const FOLDERS = [
  "canon",
  "docs",
  "writings",
  "odd/journals",
  "odd/handoffs",
  "misc",
  "apocrypha",
  "canon/apocrypha",
];
const TAGS = ["cache", "index", "budget", "zebra"];
const DATES = ["2024-01-01", "2024-03-05", "2025-07-01", "2023-12-31"];

type DocSpec = typeof docSpec extends fc.Arbitrary<infer T> ? T : never;
const docSpec = fc.record({
  folder: fc.constantFrom(...FOLDERS),
  name: fc.stringMatching(/^[a-z]{1,6}$/),
  audience: fc.option(fc.constantFrom("public", "canon", "odd", "unknown"), { nil: undefined }),
  exposure: fc.option(fc.constantFrom("public", "nav", "internal"), { nil: undefined }),
  tier: fc.option(fc.constantFrom(1, 2, 3), { nil: undefined }),
  tags: fc.subarray(TAGS),
  date: fc.option(fc.constantFrom(...DATES), { nil: undefined }),
  isPublic: fc.option(fc.boolean(), { nil: undefined }),
  uri: fc.option(fc.constantFrom("klappy://shared/one", "klappy://shared/two"), { nil: undefined }),
});

function filesOf(specs: DocSpec[]): { path: string; text: string }[] {
  const seen = new Set<string>();
  const files: { path: string; text: string }[] = [];
  specs.forEach((s, i) => {
    const path = `${s.folder}/${s.name}-${i % 7}.md`;
    if (seen.has(path)) return;
    seen.add(path);
    const fm = [
      `title: "${s.name}"`,
      s.audience ? `audience: ${s.audience}` : "",
      s.exposure ? `exposure: ${s.exposure}` : "",
      s.tier ? `tier: ${s.tier}` : "",
      s.tags.length ? `tags: ${JSON.stringify(s.tags)}` : "",
      s.date ? `date: ${s.date}` : "",
      s.isPublic === undefined ? "" : `public: ${s.isPublic}`,
      s.uri ? `uri: ${s.uri}` : "",
    ].filter(Boolean);
    files.push({ path, text: `---\n${fm.join("\n")}\n---\n# ${s.name}\n\nBody ${i}.\n` });
  });
  return files;
}

const FILTER_VALUES = {
  include: fc.subarray(["canon", "docs", "journals", "essays", "apocrypha"], { minLength: 1 }),
  exclude: fc.subarray(["canon", "journals"], { minLength: 1 }),
  audience: fc.oneof(
    fc.constantFrom("public", "canon"),
    fc.subarray(["public", "canon", "odd"], { minLength: 1 }),
  ),
  exposure: fc.constantFrom("public", "nav"),
  tier: fc.subarray([1, 2, 3], { minLength: 1 }),
  tags: fc.subarray(TAGS, { minLength: 1 }),
  public: fc.boolean(),
  path_prefix: fc.oneof(
    fc.constantFrom("canon/", "odd/", "docs/", "writings/a"),
    fc.subarray(["canon/", "misc/", "odd/h"], { minLength: 1 }),
  ),
};
/** One filter set to a value. */
const oneFilter = fc
  .constantFrom(...(Object.keys(FILTER_VALUES) as (keyof typeof FILTER_VALUES)[]))
  .chain((name) => FILTER_VALUES[name].map((value) => ({ [name]: value })));
/** A few filters at once (more would keep nothing of a small corpus). */
const filterSet = fc
  .array(oneFilter, { maxLength: 3 })
  .map((parts) => Object.assign({}, ...parts) as Record<string, unknown>);

const request = fc.record({
  /** Which filter set of the run's pool, and a change to one of its filters (or none). */
  base: fc.nat(),
  change: fc.option(oneFilter, { nil: undefined }),
  sort: fc.constantFrom(undefined, "path", "date"),
  offset: fc.nat({ max: 60 }),
  limit: fc.integer({ min: 1, max: 25 }),
  window: fc.boolean(),
});

describe("catalog pages from filter bitsets", () => {
  it("equal catalogPage's: documents, order, total (fast-check, one long-lived listing per corpus)", () => {
    fc.assert(
      fc.property(
        fc.array(docSpec, { maxLength: 90, size: "max" }),
        fc.array(filterSet, { minLength: 1, maxLength: 5 }),
        fc.array(request, { minLength: 1, maxLength: 60, size: "max" }),
        (specs, pool, requests) => {
          const corpus = corpusFromFiles(filesOf(specs));
          const served = servedCorpus(corpus, new SearchIndex(corpus.documents));
          for (const r of requests) {
            const args = {
              ...pool[r.base % pool.length],
              ...r.change,
              ...(r.sort === undefined ? {} : { sort_by: r.sort }),
              offset: r.offset,
              limit: r.limit,
            };
            const validated = validateRequest("catalog", args);
            if (!validated.ok) throw new Error(JSON.stringify(validated.error));
            const req = validated.request;
            const reference = catalogPage(served, req);
            const expected = catalogOutcome(
              req,
              reference.page,
              reference.total,
              r.window ? reference.matching() : undefined,
            );
            expect(catalogAction(served, req, r.window)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("pages any order at any offset as a linear pass does, past the remembered filter sets", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1000 }), { maxLength: 200, size: "max" }),
        fc.array(
          fc.record({
            modulus: fc.integer({ min: 1, max: 40 }),
            offset: fc.nat({ max: 220 }),
            limit: fc.nat({ max: 70 }),
          }),
          { minLength: 1, maxLength: 80, size: "max" },
        ),
        (values, asks) => {
          const byValue = [...values].sort((a, b) => a - b);
          const bits = new ListingBits<number>((order) => (order === "date" ? byValue : values));
          for (const { modulus, offset, limit } of asks) {
            const keep = (v: number) => v % modulus === 0;
            for (const order of ["path", "date"] as const) {
              const all = (order === "date" ? byValue : values).filter(keep);
              const got = bits.page(String(modulus), keep, order, offset, limit);
              expect(got.total).toBe(all.length);
              expect(got.page).toEqual(all.slice(offset, offset + limit));
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
