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
  it("has one row per use case of consumers.md, with unique ids, function names and verbs", () => {
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

  it("pages the sitemap at exactly the cap of its disclosure", () => {
    for (const row of USE_CASE_ROWS.filter((r) => r.paginate)) {
      const checked = validateRequest(row.action, wire(row.action, useCaseRequest(row, undefined)));
      expect(checked.ok && checked.request.cap.max).toBe(row.limit);
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
  it("getEssaysIndex: public essays with blockquotes, 100 per page", async () => {
    const client = createFakeClient();
    const result = await getEssaysIndex(client);
    expect(client.calls).toEqual([
      {
        method: "catalog",
        action: "catalog",
        params: { audience: "public", exposure: "public", disclosure: ["blockquote"], limit: 100 },
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
    });
  });

  it("getNotebook takes the prefix as its argument", async () => {
    const client = createFakeClient();
    await getNotebook(client, "writings/notebook/");
    expect(client.calls[0]?.params).toEqual({
      path_prefix: "writings/notebook/",
      disclosure: ["blockquote"],
      limit: 100,
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
      { start_here: true, exposure: "public", disclosure: ["blockquote"], limit: 12 },
      { include: "journals", path_prefix: "odd/handoffs/", disclosure: ["blockquote"], limit: 25 },
    ]);
  });

  it("getSitemap walks every page through client.paginate and returns all entries", async () => {
    const client = createFakeClient(1203);
    const sitemap = await getSitemap(client, { sort_by: "date" }, { maxEntries: 5000 });
    expect(sitemap.total).toBe(1203);
    expect(sitemap.data.map((e) => e.position)).toEqual(Array.from({ length: 1203 }, (_, i) => i + 1));
    expect(client.calls[0]).toEqual({
      method: "paginate",
      action: "catalog",
      params: { sort_by: "date", disclosure: [], limit: 500 },
      options: { maxEntries: 5000 },
    });
    expect(client.calls.filter((c) => c.method === "catalog").map((c) => c.params.offset)).toEqual([
      0, 500, 1000,
    ]);
  });
});

describe("overrides", () => {
  it("replace a row's filter key by key and keep the others", async () => {
    const client = createFakeClient();
    await getEssaysIndex(client, { exposure: ["public", "nav"], offset: 100, sort_by: "date" });
    expect(client.calls[0]?.params).toEqual({
      audience: "public",
      exposure: ["public", "nav"],
      offset: 100,
      sort_by: "date",
      disclosure: ["blockquote"],
      limit: 100,
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
    const call = () => getEssaysIndex(client, { disclosure: ["metadata"] } as never);
    await expect(call()).rejects.toBeInstanceOf(HelperArgumentError);
    await expect(call()).rejects.toThrow(
      /'disclosure' is fixed by the 'essays-index' use case.*client\.catalog/,
    );
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
