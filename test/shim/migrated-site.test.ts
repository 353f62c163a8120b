/**
 * Done-when of the forward shim: the example consumer after `oddkit-sdk
 * migrate` (contract tool calls, `include_legacy_envelope` on the cutover
 * call) runs unchanged against a pre-contract server through the forward
 * shim endpoint, and gets what it gets from a window-mode server over the
 * same knowledge base.
 */
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { corpusFromFiles, createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { listenWith } from "../../src/server/listen.js";
import { createForwardShimServer } from "../../src/shim/forward/server.js";
import { runCli } from "../codemods/cli.js";
import { callerOf, fixtureCorpus, legacyVisible } from "./harness.js";

const ROOT = resolve(import.meta.dirname, "../..");
type Handler = (request: Request) => Promise<Response>;

async function runSite(dir: string, url: string) {
  vi.resetModules();
  process.env.ODDKIT_URL = url;
  const load = async <T>(path: string) => (await import(pathToFileURL(join(dir, path)).href)) as T;
  const ask = async (name: string, query: string) => {
    const { handler } = await load<{ handler: Handler }>(`supabase/functions/${name}/index.ts`);
    return (await handler(new Request(`http://site.test/${name}?${query}`))).text();
  };
  const lib = await load<{
    searchDocuments(q: string): Promise<unknown[]>;
    fetchDocument(uri: string): Promise<unknown>;
    disconnect(): Promise<void>;
  }>("src/lib/oddkit.ts");
  try {
    return {
      docListing: await ask("doc-listing", ""),
      cmdk: await ask("cmdk-search", "q=caching"),
      suggest: await ask("search-suggest", "q=guide"),
      searchPage: await ask("search-page", "q=caching"),
      tags: await ask("tag-search", "q=caching"),
      preview: await ask("doc-preview", `uri=${encodeURIComponent("klappy://docs/getting-started")}`),
      card: await ask("og-card", `uri=${encodeURIComponent("klappy://writings/on-caching")}`),
      essayPage: await ask("essay-page", `uri=${encodeURIComponent("klappy://docs/getting-started")}`),
      search: await lib.searchDocuments("guide"),
      essay: await lib.fetchDocument("klappy://writings/on-caching"),
    };
  } finally {
    await lib.disconnect();
  }
}

describe("the migrated legacy-site example", () => {
  let work: string;
  let migrated: string;
  let window: ReferenceServer;
  let legacy: ReferenceServer;
  const closers: (() => Promise<unknown>)[] = [];
  let windowUrl: string;
  let shimUrl: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "oddkit-shim-site-"));
    migrated = join(work, "site");
    await cp(join(ROOT, "examples/legacy-site"), migrated, { recursive: true });
    await symlink(join(ROOT, "node_modules"), join(migrated, "node_modules"), "dir");
    const run = await runCli(["migrate", ".", "--json", "--concurrency", "1"], migrated);
    expect(run.code, run.stderr).toBe(0);

    const visible = legacyVisible(await fixtureCorpus());
    const corpus = corpusFromFiles(visible.documents.map((d) => ({ path: d.path, text: d.raw })));
    window = await createReferenceServer({ corpus, mode: "window" });
    legacy = await createReferenceServer({ corpus, mode: "legacy" });
    const shim = createForwardShimServer(callerOf(legacy));
    const windowListening = await window.listen();
    const shimListening = await listenWith((r) => shim.fetch(r));
    windowUrl = windowListening.url;
    shimUrl = shimListening.url;
    closers.push(
      () => windowListening.close(),
      () => shimListening.close(),
      () => shim.close(),
      () => window.close(),
      () => legacy.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
    delete process.env.ODDKIT_URL;
    await rm(work, { recursive: true, force: true });
  });

  it("runs unchanged against a pre-contract server through the forward shim endpoint", async () => {
    const direct = await runSite(migrated, windowUrl);
    const shimmed = await runSite(migrated, shimUrl);
    expect(JSON.parse(direct.docListing).count).toBeGreaterThan(0);
    expect(JSON.parse(direct.cmdk).items.length).toBeGreaterThan(0);
    expect(direct.essayPage).toContain("Getting started");
    expect((direct.search as unknown[]).length).toBeGreaterThan(0);
    expect(shimmed).toEqual(direct);
  });
});
