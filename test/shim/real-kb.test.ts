/**
 * The backward shim after the window on a knowledge base whose documents
 * often declare a `uri` that does not name their path (a fifth of them
 * here). The path cannot be recovered exactly from contract answers, so the
 * shim must still answer the fat catalog within a small, bounded number of
 * calls: exact paths where the URI names them or the consumer says
 * (`pathOf`, a file list), derived paths otherwise — listed by
 * `derivedPaths()` — and never a failed catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { createLegacyCompat, type LegacyCompatOptions } from "../../src/shim/backward/compat.js";
import { DEFAULT_MAX_PATH_CALLS, guessPath, PathProbeError } from "../../src/shim/backward/paths.js";
import { resetLegacyUsage } from "../../src/shim/deprecation.js";
import { callerOf } from "./harness.js";
import { type RealKb, realKbCorpus } from "./real-kb-corpus.js";

let kb: RealKb;
let contract: ReferenceServer;
let legacy: ReferenceServer;
let expected: { path: string; uri: string }[];
/** Every article of the legacy index (both pages): where the shim's page may end elsewhere. */
let everyLegacyArticle: string[];
const FAT = { sort_by: "path", limit: 500 };

beforeAll(async () => {
  kb = await realKbCorpus();
  // after the window: the server no longer offers the legacy envelope
  contract = await createReferenceServer({ corpus: kb.corpus, version: "0.32.0" });
  legacy = await createReferenceServer({ corpus: kb.corpus, mode: "legacy" });
  expected = JSON.parse((await legacy.callTool("oddkit_catalog", FAT)).content[0]!.text).result.articles;
  const rest = JSON.parse((await legacy.callTool("oddkit_catalog", { ...FAT, offset: 500 })).content[0]!.text)
    .result.articles as { path: string; uri: string }[];
  everyLegacyArticle = [...expected, ...rest].map((a) => `${a.uri} ${a.path}`);
});
afterAll(async () => {
  await Promise.all([contract.close(), legacy.close()]);
  resetLegacyUsage();
});

function compat(options: LegacyCompatOptions = {}) {
  return createLegacyCompat({ callTool: callerOf(contract) }, { legacyPolicy: "silent", ...options });
}

/** The documented bound: version + scope + metadata pages + path confirmation + texts of untitled documents. */
function bound(documents: number, untitled: number): number {
  return 1 + 2 + Math.ceil(documents / 100) + DEFAULT_MAX_PATH_CALLS + untitled;
}

describe("the fat catalog after the window, a fifth of URIs not naming their path", () => {
  it("the corpus has the property", () => {
    const listed = kb.corpus.documents.filter((d) => d.kind !== null).length;
    expect(kb.renamed.size / listed).toBeGreaterThanOrEqual(0.19);
    expect(kb.renamed.size / listed).toBeLessThanOrEqual(0.21);
  });

  it("answers without help: exact paths for the others, the rest derived and listed as such", async () => {
    const shim = compat();
    const envelope = await shim.call("oddkit_catalog", FAT);
    expect(envelope.action).toBe("catalog");
    expect(shim.lastCall?.path).toBe("synthesised");
    const untitled = kb.corpus.documents.filter((d) => !d.frontmatter.title).length;
    expect(shim.lastCall!.serverCalls).toBeLessThanOrEqual(bound(kb.corpus.documents.length, untitled));
    const articles = (envelope.result as { articles: { path: string; uri: string }[] }).articles;
    const derived = shim.derivedPaths();
    // a derived path outside the legacy folders (klappy://public/… → public/…) leaves the legacy index
    expect(articles.length).toBeGreaterThanOrEqual(expected.length - derived.length);
    expect(derived.length).toBeGreaterThan(0);
    const derivedUris = new Set(derived.map((d) => d.uri));
    for (const d of derived) {
      expect(kb.renamed.has(d.uri)).toBe(true);
      expect(d.path).toBe(guessPath(d.uri));
      expect(d.reason).toMatch(/derived from the uri, not confirmed/);
    }
    // every article whose path was not derived is exact
    const exact = (list: { path: string; uri: string }[]) =>
      list
        .filter((a) => !derivedUris.has(a.uri))
        .map((a) => `${a.uri} ${a.path}`)
        .sort();
    // every article whose path was not derived is exact (a derived one leaving the index shifts the page's end)
    for (const line of exact(articles)) expect(everyLegacyArticle).toContain(line);
  });

  it("with the repository's file list: nearly every path placed exactly, the rest listed, within the bound", async () => {
    const unhelped = compat();
    await unhelped.call("oddkit_catalog", FAT);
    const shim = compat({ files: kb.files });
    const envelope = await shim.call("oddkit_catalog", FAT);
    const articles = (envelope.result as { articles: { path: string; uri: string }[] }).articles;
    const derived = new Set(shim.derivedPaths().map((d) => d.uri));
    // order placement cannot place a document before the first or after the last known path
    // when the file list holds files the contract does not list: those few stay derived, and listed
    expect(derived.size).toBeLessThan(unhelped.derivedPaths().length / 5);
    for (const a of articles)
      if (!derived.has(a.uri)) expect(everyLegacyArticle).toContain(`${a.uri} ${a.path}`);
    const untitled = kb.corpus.documents.filter((d) => !d.frontmatter.title).length;
    expect(shim.lastCall!.serverCalls).toBeLessThanOrEqual(bound(kb.corpus.documents.length, untitled));
  });

  it("with pathOf(uri): every path exact, none derived", async () => {
    const shim = compat({ pathOf: (uri) => kb.renamed.get(uri) });
    const envelope = await shim.call("oddkit_catalog", FAT);
    const articles = (envelope.result as { articles: { path: string; uri: string }[] }).articles;
    expect(articles.map((a) => `${a.uri} ${a.path}`)).toEqual(expected.map((a) => `${a.uri} ${a.path}`));
    expect(shim.derivedPaths()).toEqual([]);
  });

  it("a pathOf that returns something other than a .md path is a typed error naming the URI", async () => {
    const shim = compat({ pathOf: () => "not a path" });
    await expect(shim.call("oddkit_catalog", FAT)).rejects.toBeInstanceOf(PathProbeError);
    await expect(compat({ pathOf: () => "odd" }).call("oddkit_catalog", FAT)).rejects.toThrow(
      /pathOf\("klappy:\/\/.*returned "odd"/,
    );
  });
});
