/**
 * The backward shim after the window on a knowledge base laid out as real ones
 * are, not as the bundled sample: a README in every folder (several behind a
 * public alias `uri:`), a QUICKSTART, a "Getting started" page behind a short
 * alias, journals, apocrypha under canon, essays with shortened slugs, names
 * whose locale and code-unit orders differ, and files outside every kind
 * prefix. The legacy `sort_by: "path"` listing must hold every document the
 * contract server lists with every kind, in legacy order, with 0.28's
 * `start_here`; what cannot be rebuilt exactly is reported on the call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KINDS } from "../../src/contract/index.js";
import { corpusFromFiles, createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { createLegacyCompat } from "../../src/shim/backward/compat.js";
import { resetLegacyUsage } from "../../src/shim/deprecation.js";
import { callerOf } from "./harness.js";

const doc = (fm: Record<string, string>, body: string) =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join("\n")}\n---\n\n${body}\n`;

/** path → file text. `uri` overrides are what real knowledge bases carry. */
const FILES: Record<string, string> = {
  "README.md": "# The repository\n\nNot a document of any kind.\n",
  "scripts/notes.md": "# Build notes\n",
  "public/index.md": doc({ title: "Public index" }, "Outside every kind prefix."),
  "canon/README.md": doc({ title: "Canon", uri: "klappy://public/canon" }, "The canon's front page."),
  "canon/principles/README.md": doc({ title: "Principles" }, "Why the principles."),
  "canon/principles/Zeta-rule.md": doc(
    { title: "Zeta rule" },
    "Capitalised name: sorts apart in locale order.",
  ),
  "canon/principles/alpha.md": doc({ title: "Alpha", uri: "klappy://canon/alpha" }, "Short alias."),
  "canon/apocrypha/old-rule.md": doc({ title: "An old rule", kind: "apocrypha" }, "Kept for the record."),
  "docs/README.md": doc({ title: "Docs", uri: "klappy://public/docs" }, "Docs front page."),
  "docs/QUICKSTART.md": doc({ title: "Quickstart" }, "Five minutes."),
  "docs/guides/getting-started-with-oddkit.md": doc(
    { title: "Getting Started with oddkit", uri: "klappy://guide/start" },
    "The first steps.",
  ),
  "docs/guides/deploy.md": doc({ title: "Deploy" }, "Ship it."),
  "odd/README.md": doc({ title: "ODD", uri: "klappy://public/odd" }, "Outcomes."),
  "odd/journal/2026-01-02-first.md": doc({ title: "First entry", date: "2026-01-02" }, "Day one."),
  "odd/journal/2026-01-03-second.md": doc(
    { date: "2026-01-03" },
    "# Second entry\n\nDay two, no title in frontmatter.",
  ),
  "writings/README.md": doc({ title: "Writings" }, "Essays live here."),
  "writings/essays/on-the-cost-of-a-fat-catalog.md": doc(
    { title: "On the cost of a fat catalog", uri: "klappy://writings/on-the-cost" },
    "112K tokens.",
  ),
  "writings/essays/Edge-caching.md": doc({ title: "Edge caching" }, "Cache at the edge."),
  "writings/essays/flow-tags.md": "---\ntitle: Flow tags\ntags: [cache, edge]\n---\n\nA flow sequence.\n",
  "writings/essays/edge-cases.md": doc({ title: "Edge cases" }, "Lower-case twin of the above."),
};

let contract: ReferenceServer;
let legacy: ReferenceServer;
const FAT = { sort_by: "path", limit: 500 };

function corpus() {
  return corpusFromFiles(Object.entries(FILES).map(([path, text]) => ({ path, text })));
}

beforeAll(async () => {
  contract = await createReferenceServer({ corpus: corpus(), version: "0.32.0" });
  legacy = await createReferenceServer({ corpus: corpus(), mode: "legacy" });
});
afterAll(async () => {
  await Promise.all([contract.close(), legacy.close()]);
  resetLegacyUsage();
});

type Article = { path: string; uri: string; title: string };
type Catalog = { total: number; articles: Article[]; start_here: string[] };

async function legacyCatalog(): Promise<Catalog> {
  return JSON.parse((await legacy.callTool("oddkit_catalog", FAT)).content[0]!.text).result;
}

async function contractUris(): Promise<string[]> {
  const page = JSON.parse(
    (await contract.callTool("oddkit_catalog", { include: [...KINDS], disclosure: [], limit: 500 }))
      .content[0]!.text,
  );
  return (page.result.data as { uri: string }[]).map((e) => e.uri);
}

describe("the legacy fat catalog after the window, on a real-world layout", () => {
  it("the layout has what it claims: aliases, files outside the kinds, both orders differing", async () => {
    const uris = await contractUris();
    const old = await legacyCatalog();
    expect(uris.length).toBe(old.total);
    expect(uris).not.toContain("klappy://README");
    expect(old.articles.map((a) => a.uri)).toContain("klappy://public/odd");
    const paths = old.articles.map((a) => a.path);
    expect([...paths].sort()).not.toEqual(paths); // locale order is not code-unit order here
  });

  it("lists every document the contract lists, with the legacy total", async () => {
    const shim = createLegacyCompat({ callTool: callerOf(contract) }, { legacyPolicy: "silent" });
    const result = (await shim.call("oddkit_catalog", FAT)).result as Catalog;
    const uris = await contractUris();
    expect(result.total).toBe(uris.length);
    expect(result.articles.map((a) => a.uri).sort()).toEqual([...uris].sort());
  });

  it("with the repository's file list: articles in legacy order with their paths, start_here as 0.28", async () => {
    const shim = createLegacyCompat(
      { callTool: callerOf(contract) },
      { legacyPolicy: "silent", files: Object.keys(FILES) },
    );
    const result = (await shim.call("oddkit_catalog", FAT)).result as Catalog;
    const old = await legacyCatalog();
    expect(result.articles.map((a) => `${a.path} ${a.uri} ${a.title}`)).toEqual(
      old.articles.map((a) => `${a.path} ${a.uri} ${a.title}`),
    );
    expect(result.start_here).toEqual(old.start_here);
    expect(shim.derivedPaths()).toEqual([]);
  });

  it("without help: every document there, start_here as 0.28, and each path it could not confirm reported on the call", async () => {
    const shim = createLegacyCompat({ callTool: callerOf(contract) }, { legacyPolicy: "silent" });
    const result = (await shim.call("oddkit_catalog", FAT)).result as Catalog;
    const old = await legacyCatalog();
    expect(result.start_here).toEqual(old.start_here);
    const derived = new Set(shim.derivedPaths().map((d) => d.uri));
    // Folder front pages behind an alias are found by path (their path decides start_here); other aliases stay derived.
    expect([...derived].sort()).toEqual([
      "klappy://canon/alpha",
      "klappy://guide/start",
      "klappy://writings/on-the-cost",
    ]);
    const reported = shim.lastCall?.differences.find((d) => d.field === "result.articles[].path");
    expect(new Set(reported?.uris ?? [])).toEqual(derived);
    // Every confirmed path is the legacy one; the articles with one are in legacy order.
    const legacyPath = new Map(old.articles.map((a) => [a.uri, a.path]));
    const confirmed = result.articles.filter((a) => !derived.has(a.uri));
    for (const a of confirmed) expect(a.path, a.uri).toBe(legacyPath.get(a.uri));
    expect(confirmed.map((a) => a.uri)).toEqual(
      old.articles.filter((a) => !derived.has(a.uri)).map((a) => a.uri),
    );
  });

  it("reports the documents whose frontmatter 0.28.x's reader reads otherwise, on the call", async () => {
    const shim = createLegacyCompat({ callTool: callerOf(contract) }, { legacyPolicy: "silent" });
    await shim.call("oddkit_catalog", FAT);
    const quirks = shim.lastCall?.differences.find((d) => d.field === "result.articles[].metadata");
    expect(quirks?.uris).toEqual(["klappy://writings/essays/flow-tags"]);
  });

  it("a get after the window reports content and content_hash as rebuilt, not the file's", async () => {
    const shim = createLegacyCompat({ callTool: callerOf(contract) }, { legacyPolicy: "silent" });
    await shim.call("oddkit_get", { input: "klappy://docs/guides/deploy" });
    const fields = shim.lastCall?.differences.map((d) => d.field) ?? [];
    expect(fields).toContain("result.content_hash");
  });
});
