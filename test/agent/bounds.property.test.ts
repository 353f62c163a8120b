/**
 * Generated bounds and selections (fast-check): expand and includeAll never
 * deliver past `max` or `budgetTokens`, deliver an in-order prefix of what
 * was selected, and name every link of the answer exactly once. Grouped
 * search never puts a hit of one kind in another kind's group.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browse, expand, links, searchGrouped } from "../../src/agent/index.js";
import { KINDS } from "../../src/contract/index.js";
import { agentCorpus, type Served, serve } from "./corpus.js";

let kb: Served;
beforeAll(async () => {
  kb = await serve(agentCorpus());
});
afterAll(() => kb.close());

const ALL_KINDS = { include: [...KINDS] };

describe("expand bounds (generated)", () => {
  it("never exceeds max or the budget, and names every link once", async () => {
    const answer = await browse(kb.client, "catalog", { ...ALL_KINDS, limit: 5, disclosure: ["blockquote"] });
    const pageUris = links(answer).map((l) => l.uri);
    const total = answer.result.total;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          includeAll: fc.boolean(),
          max: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(Number.POSITIVE_INFINITY)),
          budgetTokens: fc.integer({ min: 0, max: 6_000 }),
          concurrency: fc.integer({ min: 1, max: 16 }),
          pick: fc.option(fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), { nil: undefined }),
        }),
        async ({ includeAll, max, budgetTokens, concurrency, pick }) => {
          const select =
            pick === undefined
              ? undefined
              : (l: { origin: { rank: number } }) => pick[(l.origin.rank - 1) % 30] === true;
          const e = await expand(answer, {
            includeAll,
            max,
            budgetTokens,
            concurrency,
            ...(select ? { select } : {}),
          });
          const expectedTotal = includeAll ? total : pageUris.length;
          // Bounds.
          expect(e.delivered.length).toBeLessThanOrEqual(max);
          expect(e.tokens).toBeLessThanOrEqual(budgetTokens);
          expect(e.tokens).toBe(e.delivered.reduce((s, d) => s + d.tokens, 0));
          // Every link named exactly once, in answer order within each list.
          const ranks = [...e.delivered, ...e.links].map((l) => l.origin.rank).sort((a, b) => a - b);
          expect(ranks).toEqual(Array.from({ length: expectedTotal }, (_, i) => i + 1));
          expect(e.total).toBe(expectedTotal);
          // Delivered is an in-order prefix of the selected links.
          const selected = [...e.delivered, ...e.links.filter((l) => l.reason !== "not-selected")].sort(
            (a, b) => a.origin.rank - b.origin.rank,
          );
          expect(e.delivered.map((d) => d.uri)).toEqual(
            selected.slice(0, e.delivered.length).map((l) => l.uri),
          );
          // Each unexpanded link says which bound kept it.
          for (const l of e.links) {
            expect(["not-selected", "max", "budget"]).toContain(l.reason);
            expect(l.detail.length).toBeGreaterThan(10);
            if (l.reason === "not-selected") expect(select?.(l)).toBe(false);
          }
          // A link left for budget: the running total plus its body would have passed the budget.
          const firstBudget = e.links.find((l) => l.reason === "budget" && l.tokens !== undefined);
          if (firstBudget) expect(e.tokens + (firstBudget.tokens ?? 0)).toBeGreaterThan(budgetTokens);
          // Nothing selected within max was left out except for budget.
          const withinMax = selected.slice(0, Math.min(selected.length, max));
          for (const l of withinMax) {
            if (!e.delivered.some((d) => d.uri === l.uri)) {
              expect(e.links.find((x) => x.uri === l.uri)?.reason).toBe("budget");
            }
          }
        },
      ),
      { numRuns: 40, seed: 1207 },
    );
  });
});

describe("grouped search (generated)", () => {
  const words = [
    "caching",
    "budgets",
    "token",
    "evidence",
    "links",
    "essay",
    "guide",
    "journal",
    "day",
    "scores",
    "xyzzy",
  ];
  it("never mixes kinds within a group", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
        fc.subarray([...KINDS], { minLength: 1 }),
        fc.integer({ min: 1, max: 10 }),
        async (terms, include, limit) => {
          const result = await searchGrouped(kb.client, { query: terms.join(" "), include, limit });
          expect(result.groups.map((g) => g.kind)).toEqual(KINDS.filter((k) => include.includes(k)));
          for (const group of result.groups) {
            expect(group.data.length).toBeLessThanOrEqual(limit);
            group.data.forEach((hit, i) => {
              expect(kb.server.corpus.byUri.get(hit.uri)?.kind).toBe(group.kind);
              expect(hit.rank_origin.rank).toBe(i + 1);
              expect(hit.rank_origin.kind).toBe(group.kind);
            });
          }
        },
      ),
      { numRuns: 30, seed: 1210 },
    );
  });
});
