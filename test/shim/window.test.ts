import { describe, expect, it } from "vitest";
import type { Action } from "../../src/contract/index.js";
import { WindowContractViolationError } from "../../src/errors/index.js";
import { splitWindowResult } from "../../src/shim/window.js";

const contractSearch = {
  status: "FOUND",
  data: [{ uri: "klappy://docs/one", title: "One", score: 2.5, snippet: "match" }],
  total: 1,
  limit: 25,
  offset: 0,
  disclosure_applied: [],
  filters_applied: { include: ["canon", "docs", "essays"] },
};

describe("splitWindowResult", () => {
  it("returns the typed contract result and the legacy part separately", () => {
    const legacyHits = [
      { uri: "klappy://docs/one", path: "docs/one.md", title: "One", score: 2.5, snippet: "m" },
    ];
    const split = splitWindowResult("search", { ...contractSearch, hits: legacyHits, docs_considered: 9 });
    expect(split.contract).toEqual(contractSearch);
    expect(split.legacy).toEqual({ hits: legacyHits, docs_considered: 9 });
  });

  it("treats every legacy field as optional", () => {
    expect(splitWindowResult("search", contractSearch).legacy).toBeUndefined();
  });

  it("keeps the contract meaning of a clashing name in the contract part only", () => {
    const catalog = {
      status: "FOUND",
      data: [{ uri: "klappy://canon/a", title: "A", position: 1 }],
      total: 1,
      limit: 25,
      offset: 0,
      disclosure_applied: [],
      filters_applied: { include: ["canon", "docs", "essays"] },
      categories: ["x"],
      start_here: [],
    };
    const split = splitWindowResult("catalog", catalog);
    expect(split.contract.total).toBe(1);
    expect(split.legacy).toEqual({ categories: ["x"], start_here: [] });
  });

  it("separates a get's legacy content from its contract data", () => {
    const get = {
      status: "FOUND",
      data: { uri: "klappy://docs/one", title: "One", content_hash: "abc", body: "text" },
      disclosure_applied: ["body"],
      path: "docs/one.md",
      content: "---\ntitle: One\n---\ntext",
    };
    const split = splitWindowResult("get", get);
    expect(split.contract.data).toEqual(get.data);
    expect(split.legacy).toEqual({ path: "docs/one.md", content: get.content });
  });

  it("refuses body text on a query-shaped action, wherever it hides", () => {
    const withBodyHit = {
      ...contractSearch,
      hits: [{ uri: "u", path: "p", title: "t", content: "the whole text" }],
    };
    expect(() => splitWindowResult("search", withBodyHit)).toThrow(WindowContractViolationError);
    expect(() => splitWindowResult("search", withBodyHit)).toThrow(/hits\[0\]\.content/);
    const withBodyEntry = { ...contractSearch, data: [{ ...contractSearch.data[0], body: "x" }] };
    expect(() => splitWindowResult("search", withBodyEntry)).toThrow(/data\[0\]\.body/);
  });

  it("refuses entry fields beyond the applied disclosure and unknown result fields", () => {
    const widened = { ...contractSearch, data: [{ ...contractSearch.data[0], metadata: {} }] };
    expect(() => splitWindowResult("search", widened)).toThrow(/metadata/);
    expect(() => splitWindowResult("search", { ...contractSearch, categories: [] })).toThrow(
      /unexpected field result\.categories/,
    );
  });
});

describe("splitWindowResult against a window-mode server", () => {
  it("splits every action's opt-in answer into a valid contract part and the legacy fields", async () => {
    const { createReferenceServer } = await import("../../src/server/index.js");
    const { fixtureCorpus } = await import("./harness.js");
    const server = await createReferenceServer({ corpus: await fixtureCorpus(), mode: "window" });
    try {
      const calls: [Action, Record<string, unknown>, string][] = [
        ["catalog", { sort_by: "path", disclosure: ["metadata"] }, "articles"],
        ["search", { input: "caching", disclosure: ["blockquote"] }, "hits"],
        ["preflight", { input: "caching guidance" }, "topic"],
        ["get", { input: "klappy://docs/getting-started" }, "content"],
        ["resolve", { input: "klappy://docs/old-guide" }, "resolved"],
      ];
      for (const [action, args, legacyField] of calls) {
        const answer = await server.callTool(`oddkit_${action}`, { ...args, include_legacy_envelope: true });
        const { result } = JSON.parse(answer.content[0]!.text) as { result: unknown };
        const split = splitWindowResult(action, result);
        expect(split.legacy?.[legacyField], action).toBeDefined();
        expect(split.contract.disclosure_applied, action).toBeDefined();
      }
    } finally {
      await server.close();
    }
  });
});
