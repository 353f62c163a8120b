/**
 * Grouped search: one ranked list per kind (and per server), never one
 * blended ranking; every hit keeps its rank origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globalSearch, OddkitAgentOptionsError, searchGrouped } from "../../src/agent/index.js";
import { useCaseById } from "../../src/helpers/index.js";
import { globalSearch as helperGlobalSearch } from "../../src/index.js";
import { agentCorpus, doc, type Served, serve } from "./corpus.js";

let kb: Served;
let other: Served;
beforeAll(async () => {
  kb = await serve(agentCorpus());
  other = await serve([
    doc(
      "canon/caching.md",
      "Caching on the other server",
      { audience: "canon", tier: 1 },
      { body: "caching caching" },
    ),
    doc("writings/on-caching.md", "An essay on caching", { audience: "public" }, { body: "caching essay" }),
  ]);
});
afterAll(async () => {
  await kb.close();
  await other.close();
});

const kindOf = (s: Served, uri: string) => s.server.corpus.byUri.get(uri)?.kind;

describe("searchGrouped", () => {
  it("returns one ranked list per default kind, each holding only that kind", async () => {
    const result = await searchGrouped(kb.client, { query: "caching budgets" });
    expect(result.kinds).toEqual(["canon", "docs", "essays"]);
    expect(result.groups.map((g) => g.kind)).toEqual(["canon", "docs", "essays"]);
    for (const group of result.groups) {
      expect(group.filters_applied.include).toEqual([group.kind]);
      expect(group.data.length).toBeGreaterThan(0);
      group.data.forEach((hit, i) => {
        expect(kindOf(kb, hit.uri)).toBe(group.kind);
        expect(hit.rank_origin).toEqual({
          method: "search",
          rank: i + 1,
          score: hit.score,
          kind: group.kind,
        });
      });
      const scores = group.data.map((h) => h.score as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it("makes exactly one search per kind with include: [kind]", async () => {
    const seen: unknown[] = [];
    const client = {
      search: ((params: Record<string, unknown>) => {
        seen.push(params);
        return kb.client.search(params as never);
      }) as typeof kb.client.search,
    };
    await searchGrouped(client, {
      query: "caching",
      include: ["journals", "canon"],
      exclude: "canon",
      limit: 3,
    });
    expect(seen).toEqual([{ query: "caching", limit: 3, include: ["journals"] }]);
  });

  it("groups several servers by server, then kind", async () => {
    const result = await searchGrouped(
      [
        { name: "main", client: kb.client },
        { name: "other", client: other.client },
      ],
      { query: "caching" },
    );
    expect(result.servers).toEqual(["main", "other"]);
    expect(result.groups.map((g) => `${g.server}/${g.kind}`)).toEqual([
      "main/canon",
      "main/docs",
      "main/essays",
      "other/canon",
      "other/docs",
      "other/essays",
    ]);
    for (const group of result.groups) {
      const served = group.server === "main" ? kb : other;
      for (const hit of group.data) {
        expect(kindOf(served, hit.uri)).toBe(group.kind);
        expect(hit.rank_origin.server).toBe(group.server);
      }
    }
  });

  it("refuses unnamed or duplicate servers", async () => {
    await expect(searchGrouped([], { query: "x" })).rejects.toBeInstanceOf(OddkitAgentOptionsError);
    await expect(
      searchGrouped(
        [
          { name: "a", client: kb.client },
          { name: "a", client: other.client },
        ],
        { query: "x" },
      ),
    ).rejects.toThrow(/two servers are named 'a'/);
  });
});

describe("globalSearch", () => {
  it("{ grouped: true } keeps the use case's disclosure and page size per group", async () => {
    const row = useCaseById("global-search");
    const result = await globalSearch(kb.client, "budgets", { grouped: true });
    for (const group of result.groups) {
      expect(group.disclosure_applied).toEqual(row?.disclosure);
      expect(group.limit).toBe(row?.limit);
    }
  });

  it("without grouped is exactly the helper", async () => {
    const plain = await globalSearch(kb.client, "budgets");
    const helper = await helperGlobalSearch(kb.client, "budgets");
    expect(plain.data).toEqual(helper.data);
  });

  it("refuses to blend several servers into one ranking", async () => {
    await expect(globalSearch([{ name: "main", client: kb.client }] as never, "caching")).rejects.toThrow(
      /grouped, never blended/,
    );
  });
});
