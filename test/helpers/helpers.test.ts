import { describe, expect, it } from "vitest";
import { ACTION_SPECS, type Action, validateRequest } from "../../src/contract/index.js";
import {
  getCanonGovernanceIndex,
  getEssayPage,
  getEssaysIndex,
  getNotebook,
  getSessionHistory,
  getSitemap,
  getStartHereCarousel,
  globalSearch,
  HELPERS,
  HelperArgumentError,
  USE_CASE_ROWS,
  USE_CASES,
  useCaseRequest,
} from "../../src/helpers/index.js";
import * as entry from "../../src/index.js";
import { createFakeClient } from "./fake-client.js";

function wire(action: Action, params: Record<string, unknown>) {
  const name = ACTION_SPECS[action].input?.name;
  const { [name ?? "input"]: input, ...rest } = params;
  return name ? { ...rest, input } : rest;
}

describe("the USE_CASES table", () => {
  it("has one row per reference use case, with unique ids, function names and verbs", () => {
    expect(USE_CASES).toHaveLength(8);
    for (const key of ["id", "functionName", "cliVerb"] as const) {
      expect(new Set(USE_CASES.map((r) => r[key])).size).toBe(USE_CASES.length);
    }
  });

  it("asks only for requests the contract accepts (flags permitted, limit within the cap)", () => {
    for (const row of USE_CASE_ROWS) {
      const request = useCaseRequest(row, row.input ? "writings/" : undefined);
      const checked = validateRequest(row.action, wire(row.action, request));
      expect(checked.ok ? "ok" : checked.error.error_message, row.id).toBe("ok");
    }
  });

  it("makes every catalog row a whole listing, and keeps each one-call row's limit within its cap", () => {
    for (const row of USE_CASE_ROWS) {
      expect(row.paginate === true, row.id).toBe(row.action === "catalog");
      if (row.paginate) continue;
      const checked = validateRequest(row.action, wire(row.action, useCaseRequest(row, "x")));
      expect(checked.ok && checked.request.limit, row.id).toBe(row.action === "search" ? row.limit : 1);
    }
  });

  it("exports every generated helper from the package entry under its function name", () => {
    for (const row of USE_CASES) {
      expect((entry as Record<string, unknown>)[row.functionName], row.functionName).toBe(
        HELPERS[row.functionName],
      );
      expect(HELPERS[row.functionName].name).toBe(row.functionName);
    }
  });
});

describe("the generated helpers send the row's request", () => {
  it("getEssaysIndex: public essays with blockquotes, paged at the blockquote cap", async () => {
    const client = createFakeClient();
    const result = await getEssaysIndex(client);
    expect(client.calls).toEqual([
      {
        method: "catalog",
        action: "catalog",
        params: { audience: "public", exposure: "public", disclosure: ["blockquote"], limit: 200, offset: 0 },
        options: { cache: false },
      },
    ]);
    expect(result.data[0]).toEqual({
      uri: "klappy://docs/doc-0",
      title: "Doc 0",
      position: 1,
      blockquote: "About doc 0",
    });
    expect(result.total).toBe(3);
  });

  it("getCanonGovernanceIndex: canon tiers 1 and 2 with metadata", async () => {
    const client = createFakeClient();
    await getCanonGovernanceIndex(client);
    expect(client.calls[0]?.params).toEqual({
      audience: "canon",
      tier: [1, 2],
      disclosure: ["metadata"],
      limit: 100,
      offset: 0,
    });
  });

  it("getNotebook takes the prefix as its argument", async () => {
    const client = createFakeClient();
    await getNotebook(client, "writings/notebook/");
    expect(client.calls[0]?.params).toEqual({
      path_prefix: "writings/notebook/",
      disclosure: ["blockquote"],
      limit: 200,
      offset: 0,
    });
  });

  it("globalSearch passes the query and keeps score and snippet beside the flags", async () => {
    const client = createFakeClient();
    const result = await globalSearch(client, "epistemic hygiene");
    expect(client.calls[0]?.params).toEqual({
      query: "epistemic hygiene",
      disclosure: ["blockquote", "metadata"],
      limit: 25,
    });
    expect(Object.keys(result.data[0] ?? {}).sort()).toEqual(
      ["blockquote", "metadata", "score", "snippet", "title", "uri"].sort(),
    );
  });

  it("getEssayPage gets one document by URI with its body", async () => {
    const client = createFakeClient();
    const page = await getEssayPage(client, "klappy://writings/one");
    expect(client.calls[0]?.params).toEqual({ uri: "klappy://writings/one", disclosure: ["body"] });
    expect(page.data.body).toBe("# Doc 0");
  });

  it("getStartHereCarousel and getSessionHistory use their (aspirational) filters", async () => {
    const client = createFakeClient();
    await getStartHereCarousel(client);
    await getSessionHistory(client);
    expect(client.calls.map((c) => c.params)).toEqual([
      { start_here: true, exposure: "public", disclosure: ["blockquote"], limit: 200, offset: 0 },
      {
        include: "journals",
        path_prefix: "odd/handoffs/",
        disclosure: ["blockquote"],
        limit: 200,
        offset: 0,
      },
    ]);
  });

  it("getSitemap collects every page (the first, then the rest at once) and returns all entries in order", async () => {
    const client = createFakeClient(1203);
    const sitemap = await getSitemap(client, { sort_by: "date" }, { maxEntries: 5000 });
    expect(sitemap.total).toBe(1203);
    expect(sitemap.data).toHaveLength(1203);
    expect(sitemap.data.map((e) => e.position)).toEqual(Array.from({ length: 1203 }, (_, i) => i + 1));
    expect(sitemap.meta).toMatchObject({ calls: 3, pageSize: 500 });
    expect(client.calls[0]?.params).toEqual({ sort_by: "date", disclosure: [], limit: 500, offset: 0 });
    expect(client.calls.map((c) => c.params.offset)).toEqual([0, 500, 1000]);
  });
});

describe("overrides", () => {
  it("replace a row's filter key by key and keep the others", async () => {
    const client = createFakeClient();
    await getEssaysIndex(client, { exposure: ["public", "nav"], sort_by: "date" });
    expect(client.calls[0]?.params).toEqual({
      audience: "public",
      exposure: ["public", "nav"],
      sort_by: "date",
      disclosure: ["blockquote"],
      limit: 200,
      offset: 0,
    });
  });

  it("pass call options (abort signal, cache) through to the client", async () => {
    const client = createFakeClient();
    const signal = new AbortController().signal;
    await getEssayPage(client, "klappy://writings/one", {}, { signal, cache: false });
    expect(client.calls[0]?.options).toEqual({ signal, cache: false });
  });

  it("refuse the parameters a use case fixes, naming the parameter and the way out", async () => {
    const client = createFakeClient();
    const call = () => getEssaysIndex(client, { offset: 100 } as never);
    await expect(call()).rejects.toBeInstanceOf(HelperArgumentError);
    await expect(call()).rejects.toThrow(/'offset' is fixed by the 'essays-index' use case.*client\.catalog/);
    await expect(getSitemap(client, { limit: 10 } as never)).rejects.toThrow(/'limit' is fixed/);
    await expect(getNotebook(client, "a/", { path_prefix: "b/" } as never)).rejects.toThrow(
      /'path_prefix' is fixed/,
    );
    expect(client.calls).toEqual([]);
  });

  it("refuse a missing positional input", async () => {
    const client = createFakeClient();
    await expect((globalSearch as (c: unknown) => Promise<unknown>)(client)).rejects.toThrow(
      /globalSearch: a query argument is required/,
    );
  });
});
