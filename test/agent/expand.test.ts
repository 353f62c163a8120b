/**
 * Links before bodies: links carry the blockquote as fetch guidance, and
 * expand delivers bodies within explicit bounds while naming every link it
 * did not expand, with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browse,
  type Expansion,
  expand,
  links,
  OddkitAgentOptionsError,
  renderItem,
} from "../../src/agent/index.js";
import { measureTokens as countTokens } from "../../src/agent/measure.js";
import { OddkitNotFoundError } from "../../src/client/index.js";
import { agentCorpus, type Served, serve } from "./corpus.js";

let kb: Served;
beforeAll(async () => {
  kb = await serve(agentCorpus());
});
afterAll(() => kb.close());

/** Every link of the answer appears exactly once: delivered or unexpanded. */
function expectPartition(expansion: Expansion, uris: readonly string[]) {
  const named = [...expansion.delivered.map((d) => d.uri), ...expansion.links.map((l) => l.uri)];
  expect([...named].sort()).toEqual([...uris].sort());
  expect(expansion.total).toBe(uris.length);
}

describe("links", () => {
  it("turn a search answer into uri, title, guidance and rank origin", async () => {
    const answer = await browse(kb.client, "search", { query: "token budgets", disclosure: ["blockquote"] });
    const found = links(answer);
    expect(found.length).toBe(answer.result.data.length);
    expect(found.length).toBeGreaterThan(3);
    found.forEach((link, i) => {
      const entry = answer.result.data[i] as Record<string, unknown>;
      expect(link.uri).toBe(entry.uri);
      expect(link.title).toBe(entry.title);
      expect(link.guidance).toBe(entry.blockquote);
      expect(link.origin).toEqual({ method: "search", rank: i + 1, score: entry.score });
    });
    expect(found.some((l) => l.guidance === null)).toBe(true);
    expect(answer.source.server_version).toBe(kb.server.version);
    expect(answer.source.knowledge_base_revision).toBe(kb.server.corpus.revision);
  });

  it("leave guidance undefined (not asked) when the answer did not disclose the blockquote", async () => {
    const answer = await browse(kb.client, "catalog", { limit: 4, offset: 2 });
    const found = links(answer);
    expect(found.map((l) => l.origin.rank)).toEqual([3, 4, 5, 6]);
    expect(found.every((l) => !("guidance" in l))).toBe(true);
    expect(found[0]?.origin.method).toBe("catalog:path");
  });
});

describe("expand", () => {
  it("delivers at most max bodies and names the rest with reason max", async () => {
    const answer = await browse(kb.client, "search", { query: "caching", disclosure: ["blockquote"] });
    const all = links(answer);
    const expansion = await expand(answer, { max: 2, budgetTokens: 100_000 });
    expect(expansion.delivered.map((d) => d.uri)).toEqual(all.slice(0, 2).map((l) => l.uri));
    expect(expansion.links.map((l) => l.reason)).toEqual(all.slice(2).map(() => "max"));
    expectPartition(
      expansion,
      all.map((l) => l.uri),
    );
    for (const item of expansion.delivered) {
      const doc = kb.server.corpus.byUri.get(item.uri);
      expect(item.content_hash).toBe(doc?.contentHash);
      expect(item.tokens).toBe(await countTokens(renderItem(item)));
      expect(item.guidance).toBe(all.find((l) => l.uri === item.uri)?.guidance);
    }
    expect(expansion.tokens).toBe(expansion.delivered.reduce((s, d) => s + d.tokens, 0));
  });

  it("stops at the first body past the budget and says how many tokens it needed", async () => {
    const answer = await browse(kb.client, "search", { query: "caching budgets" });
    const all = links(answer);
    const first = await expand(answer, { max: 1, budgetTokens: 1_000_000 });
    const firstTokens = first.delivered[0]?.tokens ?? 0;
    const expansion = await expand(answer, { max: Number.POSITIVE_INFINITY, budgetTokens: firstTokens + 5 });
    expect(expansion.tokens).toBeLessThanOrEqual(firstTokens + 5);
    expect(expansion.delivered.map((d) => d.uri)).toEqual([all[0]?.uri]);
    const [cut, ...after] = expansion.links;
    expect(cut?.reason).toBe("budget");
    expect(cut?.tokens).toBeGreaterThan(5);
    expect(cut?.detail).toMatch(/takes \d+ tokens and 5 of the budget/);
    for (const l of after) {
      expect(l.reason).toBe("budget");
      expect(l.detail).toMatch(new RegExp(`ran out at ${cut?.uri}`));
    }
    expectPartition(
      expansion,
      all.map((l) => l.uri),
    );
    expect(expansion.bounds).toEqual({
      max: null,
      budgetTokens: firstTokens + 5,
      includeAll: false,
      select: "all",
    });
  });

  it("a budget of 0 delivers nothing and names every link", async () => {
    const answer = await browse(kb.client, "catalog", {});
    const expansion = await expand(answer, { max: 10, budgetTokens: 0 });
    expect(expansion.delivered).toEqual([]);
    expect(expansion.tokens).toBe(0);
    expectPartition(
      expansion,
      links(answer).map((l) => l.uri),
    );
  });

  it("select picks links by URI or predicate; the others stay links as not-selected", async () => {
    const answer = await browse(kb.client, "catalog", { disclosure: ["blockquote"] });
    const all = links(answer);
    const picked = [all[5]?.uri, all[1]?.uri] as string[];
    const byUri = await expand(answer, { select: picked, max: 10, budgetTokens: 100_000, concurrency: 1 });
    expect(byUri.delivered.map((d) => d.uri)).toEqual([all[1]?.uri, all[5]?.uri]);
    expect(byUri.links.every((l) => l.reason === "not-selected")).toBe(true);
    expectPartition(
      byUri,
      all.map((l) => l.uri),
    );
    const byPredicate = await expand(answer, {
      select: (l) => l.guidance === null,
      max: 10,
      budgetTokens: 100_000,
    });
    expect(byPredicate.delivered.length).toBeGreaterThan(0);
    expect(byPredicate.delivered.every((d) => d.guidance === null)).toBe(true);
    expect(byPredicate.bounds.select).toBe("predicate");
  });

  it("a selected URI the answer does not hold is an error, not a skip", async () => {
    const answer = await browse(kb.client, "catalog", { limit: 3 });
    await expect(
      expand(answer, { select: ["klappy://not/in/answer"], max: 1, budgetTokens: 1000 }),
    ).rejects.toThrow(/does not hold: klappy:\/\/not\/in\/answer/);
  });

  it("includeAll walks every page of the request; bounds still hold", async () => {
    const answer = await browse(kb.client, "catalog", {
      limit: 3,
      include: ["canon", "docs", "essays", "journals"],
    });
    expect(answer.result.total).toBeGreaterThan(20);
    const expansion = await expand(answer, { includeAll: true, max: 4, budgetTokens: 100_000 });
    expect(expansion.total).toBe(answer.result.total);
    expect(expansion.delivered).toHaveLength(4);
    expect(expansion.links.filter((l) => l.reason === "max")).toHaveLength(answer.result.total - 4);
    expect(expansion.links.map((l) => l.origin.rank)).toEqual(
      Array.from({ length: answer.result.total - 4 }, (_, i) => i + 5),
    );
    const everything = await expand(answer, {
      includeAll: true,
      max: Number.POSITIVE_INFINITY,
      budgetTokens: 1_000_000,
    });
    expect(everything.delivered).toHaveLength(answer.result.total);
    expect(everything.links).toEqual([]);
  });

  it("a document gone between listing and get stays a link with reason not-found", async () => {
    const answer = await browse(kb.client, "catalog", { limit: 4 });
    const gone = links(answer)[1]?.uri as string;
    const client = {
      ...kb.client,
      paginate: kb.client.paginate.bind(kb.client),
      version: kb.client.version.bind(kb.client),
      get: ((params: { uri: string }, options?: object) => {
        if (params.uri === gone) {
          return Promise.reject(
            new OddkitNotFoundError(
              { error_code: "NOT_FOUND", error_message: `no document ${gone}`, uri: gone },
              { action: "get" },
            ),
          );
        }
        return kb.client.get(params as never, options);
      }) as typeof kb.client.get,
    };
    const expansion = await expand(answer, { client, max: 4, budgetTokens: 100_000 });
    expect(expansion.delivered.map((d) => d.uri)).not.toContain(gone);
    expect(expansion.links).toEqual([expect.objectContaining({ uri: gone, reason: "not-found" })]);
  });

  it.each([
    [{ budgetTokens: 10 }, "max"],
    [{ max: -1, budgetTokens: 10 }, "max"],
    [{ max: 1.5, budgetTokens: 10 }, "max"],
    [{ max: 1 }, "budgetTokens"],
    [{ max: 1, budgetTokens: -3 }, "budgetTokens"],
    [{ max: 1, budgetTokens: 10, concurrency: 0 }, "concurrency"],
    [{ max: 1, budgetTokens: 10, concurrency: 17 }, "concurrency"],
  ])("bad bounds %j are a typed error naming %s", async (options, option) => {
    const answer = await browse(kb.client, "catalog", { limit: 2 });
    const error = await expand(answer, options as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitAgentOptionsError);
    expect((error as OddkitAgentOptionsError).option).toBe(option);
  });

  it("a copied answer needs its client passed", async () => {
    const answer = await browse(kb.client, "catalog", { limit: 2 });
    const copy = JSON.parse(JSON.stringify(answer));
    await expect(expand(copy, { max: 1, budgetTokens: 10 })).rejects.toThrow(/pass \{ client \}/);
    const expansion = await expand(copy, { client: kb.client, max: 1, budgetTokens: 10_000 });
    expect(expansion.delivered).toHaveLength(1);
  });
});
