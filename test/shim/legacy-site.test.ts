/**
 * Done-when of the backward shim: the unmigrated example consumer
 * (examples/legacy-site — raw JSON-RPC edge functions and an MCP SDK
 * wrapper) runs unchanged against a contract-mode server through the
 * compat endpoint, and gets what it gets from a legacy server — apart from
 * LEGACY_COMPAT_DIFFERENCES (here: `content` re-serialises frontmatter).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOddkitClient } from "../../src/client/client.js";
import { splitFrontmatter } from "../../src/corpus/frontmatter.js";
import { corpusFromFiles, createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { listenWith } from "../../src/server/listen.js";
import { createLegacyCompat } from "../../src/shim/backward/compat.js";
import { createLegacyCompatServer } from "../../src/shim/backward/server.js";
import type { DeprecationEvent } from "../../src/shim/deprecation.js";
import { fixtureCorpus, legacyVisible } from "./harness.js";

const SITE = "../../examples/legacy-site";

type Handler = (request: Request) => Promise<Response>;

/** Run the example's pages and edge functions with ODDKIT_URL pointing at `url`. */
async function runSite(url: string) {
  vi.resetModules();
  process.env.ODDKIT_URL = url;
  const fn = async (name: string) =>
    ((await import(`${SITE}/supabase/functions/${name}/index.ts`)) as { handler: Handler }).handler;
  const lib = (await import(`${SITE}/src/lib/oddkit.ts`)) as {
    searchDocuments(q: string): Promise<unknown[]>;
    fetchDocument(uri: string): Promise<{ markdown: string; hash: string }>;
    disconnect(): Promise<void>;
  };
  const ask = async (name: string, query: string) => {
    const response = await (await fn(name))(new Request(`http://site.test/${name}?${query}`));
    return response.text();
  };
  try {
    const essay = await lib.fetchDocument("klappy://writings/on-caching");
    return {
      docListing: JSON.parse(await ask("doc-listing", "")),
      cmdk: JSON.parse(await ask("cmdk-search", "q=caching")),
      related: await ask("related-docs", "uri=klappy://canon/principles/caching"),
      essayPage: splitFrontmatter(await ask("essay-page", "uri=klappy://docs/getting-started")).body,
      search: await lib.searchDocuments("guide"),
      essay: { body: splitFrontmatter(essay.markdown).body, hash: essay.hash },
    };
  } finally {
    await lib.disconnect();
  }
}

describe("the unmigrated legacy-site example", () => {
  let legacy: ReferenceServer;
  let contract: ReferenceServer;
  const closers: (() => Promise<unknown>)[] = [];
  const events: DeprecationEvent[] = [];
  let legacyUrl: string;
  let compatUrl: string;

  beforeAll(async () => {
    // Documents every shim can see (see LEGACY_COMPAT_DIFFERENCES and FORWARD_SHIM_DIFFERENCES).
    const visible = legacyVisible(await fixtureCorpus());
    const corpus = corpusFromFiles(
      visible.documents
        .filter((d) => visible.byUri.get(d.uri) === d)
        .map((d) => ({ path: d.path, text: d.raw })),
    );
    legacy = await createReferenceServer({ corpus, mode: "legacy" });
    contract = await createReferenceServer({ corpus, mode: "contract" });
    const client = createOddkitClient({ server: contract, consumer: "legacy-compat", countTokens: false });
    const compat = createLegacyCompat(client, {
      onDeprecation: (e) => events.push(e),
      warn: () => undefined,
    });
    const compatServer = createLegacyCompatServer(compat);
    const legacyListening = await legacy.listen();
    const compatListening = await listenWith((r) => compatServer.fetch(r));
    legacyUrl = legacyListening.url;
    compatUrl = compatListening.url;
    closers.push(
      () => legacyListening.close(),
      () => compatListening.close(),
      () => compatServer.close(),
      () => client.close(),
      () => legacy.close(),
      () => contract.close(),
    );
  });
  afterAll(async () => {
    for (const close of closers) await close();
    delete process.env.ODDKIT_URL;
  });

  it("runs unchanged against a contract server through the compat endpoint", async () => {
    const direct = await runSite(legacyUrl);
    const shimmed = await runSite(compatUrl);
    expect(direct.docListing.count).toBeGreaterThan(0);
    expect(direct.cmdk.items.length).toBeGreaterThan(0);
    expect(shimmed).toEqual(direct);
  });

  it("reports every legacy use with the codemod that rewrites it", () => {
    const codemods = new Set(events.map((e) => e.codemod));
    expect(codemods).toEqual(
      new Set(["fat-catalog", "tool-parameters", "umbrella-to-action-tools", "response-access"]),
    );
    // Remote code has no stack here: its call site is its consumer label (clientInfo.name when unlabeled).
    expect(new Set(events.map((e) => e.callSite))).toEqual(new Set(["mcp consumer klappy.dev"]));
  });
});
