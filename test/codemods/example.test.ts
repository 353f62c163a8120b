/**
 * The example consumer (examples/legacy-site), end to end: a copy is
 * migrated; every legacy call site is rewritten or carries a TODO naming its
 * helper; the result typechecks against the SDK's types; a second run
 * changes nothing; and the code still works — the unmigrated copy against a
 * legacy-mode reference server, the migrated copy against a window-mode one
 * (calls whose reads have no exact contract equivalent — an entry's path,
 * get's content, a client-side predicate — opt into the legacy envelope for
 * the cutover) and, for the files fully on the contract, a contract-mode one.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSourceFiles } from "../../codemods/migrate/files.js";
import type { MigrationSummary } from "../../codemods/migrate/run.js";
import { LEGACY_DATE_ORDER_TODO } from "../../codemods/tool-parameters.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { runCli } from "./cli.js";
import { typecheck } from "./typecheck.js";

const ROOT = resolve(import.meta.dirname, "../..");
const EXAMPLE = join(ROOT, "examples/legacy-site");

async function copyExample(into: string): Promise<string> {
  await cp(EXAMPLE, into, { recursive: true });
  // Resolve the example's dependencies (MCP SDK, @types/node) from this package.
  await symlink(join(ROOT, "node_modules"), join(into, "node_modules"), "dir");
  return into;
}

async function migrateJson(dir: string): Promise<{ code: number; summary: MigrationSummary }> {
  const { code, stdout } = await runCli(["migrate", ".", "--json", "--concurrency", "1"], dir);
  return { code, summary: JSON.parse(stdout) as MigrationSummary };
}

let work: string;
let legacyDir: string;
let migratedDir: string;
let contractDir: string;
let first: { code: number; summary: MigrationSummary };
let adopted: { code: number; stdout: string };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "oddkit-legacy-site-"));
  legacyDir = await copyExample(join(work, "legacy"));
  migratedDir = await copyExample(join(work, "migrated"));
  first = await migrateJson(migratedDir);
  // Second step, opt-in: adopt the SDK client where the transport chain allows.
  adopted = await runCli(["migrate", ".", "--transforms", "adopt-client", "--json"], migratedDir);
  contractDir = join(work, "contract");
  await cp(migratedDir, contractDir, { recursive: true, verbatimSymlinks: true });
  // Two migrate runs, each type-checking the example's program (its tsconfig) in the detection pass.
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Files (relative) whose calls the migration kept on the legacy envelope for the cutover. */
async function onLegacyEnvelope(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const file of await findSourceFiles(["."], dir))
    if ((await readFile(file, "utf8")).includes("include_legacy_envelope: true"))
      out.push(file.slice(dir.length + 1));
  return out;
}

async function textOf(dir: string): Promise<string> {
  const files = await findSourceFiles(["."], dir);
  return (await Promise.all(files.map((f) => readFile(f, "utf8")))).join("\n");
}

describe("migrate on the example consumer", () => {
  it("rewrites every legacy call site or leaves a TODO naming its helper", async () => {
    expect(first.code).toBe(0);
    expect(first.summary.files.failed).toBe(0);
    const before = await textOf(legacyDir);
    const after = await textOf(migratedDir);
    // The 13 call sites of the inventory, before and after.
    const sites = /"oddkit(_(search|get|catalog))?"/g;
    expect(before.match(sites)?.length).toBe(13);
    const onTheWire = after.match(/"oddkit_(search|get|catalog)"/g)?.length ?? 0;
    const throughTheClient = after.match(/await oddkit\.(search|get|catalog)\(/g)?.length ?? 0;
    expect(adopted.code).toBe(0);
    expect(onTheWire + throughTheClient).toBe(13);
    // No umbrella retrieval call and no legacy parameter survives.
    expect(after).not.toMatch(/name: "oddkit",/);
    expect(after).not.toContain("include_metadata");
    // Every site ends rewritten or flagged; a call kept on the legacy envelope (its reply's path or get's
    // content is read: no exact contract equivalent) carries a marker, and only such files keep legacy reads.
    expect(first.summary.legacySites.filter((s) => s.status === "unmigrated")).toEqual([]);
    const docListing = await readFile(join(migratedDir, "supabase/functions/doc-listing/index.ts"), "utf8");
    expect(docListing).toContain("include_legacy_envelope: true");
    // The listing's one marker: the fat-catalog note is its first reason or an `also:` line under it.
    expect(docListing).toMatch(
      /\/\/ (TODO\(oddkit-migrate\)| {2}also): fat catalog .* candidate helper getEssaysIndex\(client\)/,
    );
    for (const file of await findSourceFiles(["."], migratedDir)) {
      const text = await readFile(file, "utf8");
      if (text.includes("include_legacy_envelope: true"))
        expect(text, file).toContain("TODO(oddkit-migrate)");
      else expect(text, file).not.toMatch(/\.result\.(hits|articles|pagination|content)\b(?!\[)/);
    }
    // The files whose calls map exactly are fully on the contract.
    expect((await onLegacyEnvelope(migratedDir)).sort()).not.toContain(
      "supabase/functions/search-page/index.ts",
    );
    expect(first.summary.todos.map((t) => t.reason).join("\n")).toContain("getEssaysIndex");
  });

  it("leaves a result that typechecks against the SDK's types", async () => {
    const files = await findSourceFiles(["."], migratedDir);
    expect(
      typecheck(files, { allowImportingTsExtensions: true, typeRoots: [join(ROOT, "node_modules/@types")] }),
    ).toEqual([]);
  });

  it("changes nothing on a second run", async () => {
    const second = await migrateJson(contractDir);
    expect(second.summary.changedFiles).toEqual([]);
    expect(second.summary.files.scanned).toBe(first.summary.files.scanned);
    expect(second.summary.todos.length).toBe(first.summary.todos.length);
  });
});

type Handler = (request: Request) => Promise<Response>;
/** What the tests use of the example's modules (loaded from the temporary copies, not typed from the repo). */
interface SiteLib {
  fetchDocument(uri: string): Promise<{ markdown: string; hash: string }>;
  disconnect(): Promise<void>;
}
interface SitePages {
  searchResults(query: string): Promise<unknown[]>;
}

/** Load one copy of the site against a server (the URL is read when the modules load). */
async function site(dir: string, server: ReferenceServer) {
  const { url } = await server.listen();
  process.env.ODDKIT_URL = url;
  const load = async <T>(path: string) => (await import(pathToFileURL(join(dir, path)).href)) as T;
  const fn = async (name: string) =>
    (await load<{ handler: Handler }>(`supabase/functions/${name}/index.ts`)).handler;
  const call = async (name: string, query: string) =>
    (await (await fn(name))(new Request(`http://edge.test/${name}?${query}`))).json();
  const lib = await load<SiteLib>("src/lib/oddkit.ts");
  const pages = await load<SitePages>("src/pages/search-results.ts");
  return { call, fn, lib, pages };
}

describe("the example runs", () => {
  const servers: ReferenceServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const start = async (mode: "legacy" | "window" | "contract") => {
    const server = await createReferenceServer({ mode });
    servers.push(server);
    return server;
  };

  it("unmigrated against the legacy server, migrated against the window and contract servers, alike", async () => {
    // Resolve `oddkit-sdk` to this package's source, as a bundler alias would (the typecheck above used tsconfig paths).
    for (const dir of [migratedDir, contractDir]) {
      for (const file of await findSourceFiles(["."], dir)) {
        const text = await readFile(file, "utf8");
        if (text.includes('from "oddkit-sdk"')) {
          await writeFile(
            file,
            text.replaceAll('from "oddkit-sdk"', `from ${JSON.stringify(join(ROOT, "src/index.ts"))}`),
          );
        }
      }
    }
    const legacy = await site(legacyDir, await start("legacy"));
    const windowed = await site(migratedDir, await start("window"));
    const contract = await site(contractDir, await start("contract"));

    // doc-listing: the same public listing through the legacy envelope window.
    const listingBefore = await legacy.call("doc-listing", "");
    const listingAfter = await windowed.call("doc-listing", "");
    expect(listingBefore.count).toBeGreaterThan(0);
    // Same order and entries, except that the contract's date order also lists documents without
    // frontmatter (undated, last), which legacy left out: the codemod flags that with a TODO.
    const key = (a: { path: string }) => a.path;
    const extra = listingAfter.articles.filter(
      (a: { path: string }) => !listingBefore.articles.some((b: { path: string }) => key(a) === key(b)),
    );
    expect(listingAfter.articles.filter((a: { path: string }) => !extra.includes(a))).toEqual(
      listingBefore.articles,
    );
    expect(extra.every((a: { date: unknown }) => a.date === null)).toBe(true);
    // The listing's one marker names the date order among its reasons.
    expect(first.summary.todos.some((t) => t.reason.includes(LEGACY_DATE_ORDER_TODO))).toBe(true);

    // The window server answers every call (legacy-envelope opt-ins included); the contract server is
    // asked only by files fully on the contract (the rest opted into the legacy envelope for the cutover).
    const envelope = new Set(await onLegacyEnvelope(contractDir));
    for (const copy of [windowed, contract]) {
      const runs = (name: string) =>
        copy === windowed || !envelope.has(`supabase/functions/${name}/index.ts`);
      const query = "q=disclosure";
      if (runs("cmdk-search")) {
        const before = await legacy.call("cmdk-search", query);
        const after = await copy.call("cmdk-search", query);
        expect(after.items.length).toBeGreaterThan(0);
        expect(
          after.items.every(
            (i: { title: string; snippet: string; score: number }) => i.title && typeof i.score === "number",
          ),
        ).toBe(true);
        expect(before.items.length).toBeGreaterThan(0);
      }
      if (runs("search-suggest")) {
        const suggest = await copy.call("search-suggest", query);
        expect(suggest.suggestions.length).toBeGreaterThan(0);
      }
      if (runs("search-page")) {
        const page = await copy.call("search-page", query);
        expect(page.results.every((r: { tags: unknown }) => Array.isArray(r.tags))).toBe(true);
      }
      if (runs("tag-search")) {
        const tags = await copy.call("tag-search", query);
        expect(Object.keys(tags.groups).length).toBeGreaterThan(0);
      }
      if (copy !== windowed) continue;
      const after = await copy.call("cmdk-search", query);
      const uri = after.items[0].id as string;
      const legacyUri = (await legacy.call("cmdk-search", query)).items[0].id as string;
      const bodyAfter = await (await copy.fn("essay-page"))(
        new Request(`http://edge.test/?uri=${encodeURIComponent(uri)}`),
      );
      const bodyBefore = await (await legacy.fn("essay-page"))(
        new Request(`http://edge.test/?uri=${encodeURIComponent(legacyUri)}`),
      );
      expect((await bodyAfter.text()).length).toBeGreaterThan(0);
      expect((await bodyBefore.text()).length).toBeGreaterThan(0);
      const preview = await copy.call("doc-preview", `uri=${encodeURIComponent(uri)}`);
      expect(preview.title).toEqual(expect.any(String));
      const card = await copy.call("og-card", `uri=${encodeURIComponent(uri)}`);
      expect(card.key).toEqual(expect.any(String));

      const rows = await copy.pages.searchResults("disclosure");
      expect(rows.length).toBeGreaterThan(0);
      const doc = await copy.lib.fetchDocument(uri);
      expect(doc.markdown.length).toBeGreaterThan(0);
      await copy.lib.disconnect();
    }
    const legacyRows = await legacy.pages.searchResults("disclosure");
    expect(legacyRows.length).toBeGreaterThan(0);
    await legacy.lib.disconnect();
  });
});
