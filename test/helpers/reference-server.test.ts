/**
 * Every helper against the embedded reference server through the real
 * client: the client validates each answer against the contract, so these
 * pass only if the row's request is one a compliant server answers as asked.
 */
import { describe, expect, it } from "vitest";
import {
  getCanonGovernanceIndex,
  getEssayPage,
  getEssaysIndex,
  getNotebook,
  getSessionHistory,
  getSitemap,
  getStartHereCarousel,
  globalSearch,
} from "../../src/index.js";
import { useReferenceClient } from "../support/reference-client.js";

const CORPUS = new URL("../fixtures/corpora/odd-frontmatter", import.meta.url).pathname;

const reference = useReferenceClient({ corpus: CORPUS }, { countTokens: false });

describe("helpers against the reference server", () => {
  it("getEssaysIndex lists only public, publicly exposed documents, with blockquotes", async () => {
    const essays = await getEssaysIndex(reference.client);
    expect(essays.filters_applied).toMatchObject({ audience: "public", exposure: "public" });
    expect(essays.data.length).toBeGreaterThan(0);
    for (const essay of essays.data)
      expect(Object.keys(essay).sort()).toEqual(["blockquote", "position", "title", "uri"]);
  });

  it("getCanonGovernanceIndex, getStartHereCarousel and getSessionHistory are answered as declared", async () => {
    const canon = await getCanonGovernanceIndex(reference.client);
    expect(canon.disclosure_applied).toEqual(["metadata"]);
    const carousel = await getStartHereCarousel(reference.client);
    expect(carousel.data).toHaveLength(carousel.total);
    const history = await getSessionHistory(reference.client);
    expect(history.filters_applied).toMatchObject({ include: "journals", path_prefix: "odd/handoffs/" });
  });

  it("getNotebook lists one prefix", async () => {
    const notebook = await getNotebook(reference.client, "docs/");
    expect(notebook.data.length).toBeGreaterThan(0);
    expect(
      notebook.data.every((e) => e.uri.startsWith("klappy://docs/") || e.uri.startsWith("klappy://shared/")),
    ).toBe(true);
    expect(notebook.total).toBe(notebook.data.length);
  });

  it("getSitemap returns every entry of the catalog, once", async () => {
    const all = await reference.client.catalog({ limit: 500 });
    const sitemap = await getSitemap(reference.client);
    expect(sitemap.total).toBe(all.total);
    expect(sitemap.data.map((e) => e.uri)).toEqual(all.data.map((e) => e.uri));
  });

  it("globalSearch and getEssayPage return the native fields and the body", async () => {
    const hits = await globalSearch(reference.client, "essay");
    expect(hits.data[0]).toHaveProperty("score");
    expect(hits.data[0]).toHaveProperty("snippet");
    const page = await getEssayPage(reference.client, hits.data[0]!.uri);
    expect(typeof page.data.body).toBe("string");
    expect(page.data.uri).toBe(hits.data[0]!.uri);
  });
});
