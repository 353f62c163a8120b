/**
 * A catalog listing the code pages itself (codemods/migrate/page-loop.ts):
 * under the recommended decisions the loop stays the code's own and its reads
 * move to the contract; without them, or when the loop steps its offset by
 * anything but what the page reports, it stays on the legacy envelope. Run,
 * not read: the original against a legacy server, the migrated code against
 * a contract server, the differences computed from the two servers.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PATH_OF_URI } from "../../codemods/migrate/added-functions.js";
import { parseDecide } from "../../codemods/migrate/decisions.js";
import { checkSites } from "../../codemods/migrate/engine.js";
import { FLAG_CAPS, KINDS, NO_FLAG_CAP, pathForKlappyUri } from "../../src/contract/index.js";
import { cwd, everyEntry, migrate, run, useServers } from "./decided-harness.js";

const servers = useServers();
const recommended = parseDecide("recommended");

/** One catalog page over JSON-RPC, `args` as written; the page loop around it is each test's own. */
const page = (args: string) => `await fetch("https://oddkit.example/mcp", {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
        params: { name: "oddkit_catalog", arguments: ${args} } }),
    })`;

/** doc-listing's shape: the public documents with their date, filtered on a path prefix in code. */
const LISTING = `function isPublicFacing(article) {
  const { path } = article;
  if (path.startsWith("odd/handoffs/") || path.startsWith("odd/ledger/")) return false;
  if (path.includes("/journal/") || path.startsWith("journal/")) return false;
  return article.metadata.exposure !== "hidden";
}

export async function listing() {
  const articles = [];
  let offset = 0;
  let more = true;
  while (more) {
    const res = ${page('{ sort_by: "date", limit: 500, offset, include_metadata: true }')};
    const rpc = await res.json();
    const envelope = JSON.parse(rpc.result.content[0].text);
    articles.push(...envelope.result.articles);
    more = envelope.result.pagination.has_more;
    offset += envelope.result.pagination.limit;
  }
  return articles.filter(isPublicFacing).map((a) => ({ uri: a.uri, path: a.path, title: a.title, date: a.metadata.date ?? null }));
}
`;

/** The consumer's filter, over a path and frontmatter the test derives itself. */
function publicFacing(path: string, metadata: Record<string, unknown>): boolean {
  if (path.startsWith("odd/handoffs/") || path.startsWith("odd/ledger/")) return false;
  if (path.includes("/journal/") || path.startsWith("journal/")) return false;
  return metadata.exposure !== "hidden";
}

/** A `for (;;)` loop that breaks on `!has_more` and moves to the echoed offset plus limit. */
const URIS = `export async function uris() {
  const out = [];
  let offset = 0;
  for (;;) {
    const res = ${page('{ sort_by: "date", limit: 200, offset }')};
    const rpc = await res.json();
    const result = JSON.parse(rpc.result.content[0].text).result;
    for (const a of result.articles) out.push(a.uri);
    if (!result.pagination.has_more) break;
    offset = result.pagination.offset + result.pagination.limit;
  }
  return out;
}
`;

const BY_LENGTH = URIS.replace(
  "offset = result.pagination.offset + result.pagination.limit;",
  "offset += result.articles.length;",
);

/** Steps by its own literal page size: a smaller contract page would skip documents. */
const LITERAL_STEP = URIS.replace(
  "offset = result.pagination.offset + result.pagination.limit;",
  "offset += 200;",
);

describe("a catalog page loop of the code's own", () => {
  it("without the decisions it stays on the legacy envelope", () => {
    expect(migrate(LISTING, {})).toContain("include_legacy_envelope: true");
    expect(migrate(LISTING, parseDecide("paths=uri,frontmatter=contract"))).toContain(
      "include_legacy_envelope: true",
    );
  });

  it("under the recommended decisions the loop's reads move and the page size is the cap", () => {
    const out = migrate(LISTING, recommended);
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    expect(out).toContain("articles.push(...envelope.result.data);");
    expect(out).toContain(
      "more = envelope.result.offset + envelope.result.data.length < envelope.result.total;",
    );
    expect(out).toContain("offset += envelope.result.limit;");
    expect(out).toContain(`limit: ${FLAG_CAPS.metadata}`);
    expect(out).toContain(`const path = ${PATH_OF_URI}(article.uri);`);
    expect(out).toContain(`path: ${PATH_OF_URI}(a.uri)`);
  });

  it("runs: the rows legacy listed keep their order; paths are the URIs'; undated documents join", async () => {
    type Row = { uri: string; path: string; title: string; date: unknown };
    const before = (await run(LISTING, servers.legacy, "listing", "")) as Row[];
    const after = (await run(migrate(LISTING, recommended), servers.contract, "listing", "")) as Row[];
    // The oracle, from the contract server alone: every document, the path its URI names, the filter.
    const every = await everyEntry(
      servers.contract,
      { sort_by: "date", limit: FLAG_CAPS.metadata, disclosure: ["metadata"], include: [...KINDS] },
      "data",
    );
    const expected = every
      .map((e) => ({ e, path: pathForKlappyUri(e.uri) ?? e.uri }))
      .filter(({ e, path }) => publicFacing(path, e.metadata ?? {}))
      .map(({ e, path }) => ({ uri: e.uri, path, title: e.title, date: e.metadata?.date ?? null }));
    expect(after.map((r) => [r.uri, r.path, r.date])).toEqual(expected.map((r) => [r.uri, r.path, r.date]));
    // Against legacy: the documents both list come in the same order with the same date (titles are
    // each server's: 0.28 kept a quoted YAML title's escapes)…
    const kept = new Set(after.map((r) => r.uri));
    const both = before.filter((r) => kept.has(r.uri));
    const listed = new Set(before.map((r) => r.uri));
    const strip = (r: Row) => [r.uri, r.date];
    expect(after.filter((r) => listed.has(r.uri)).map(strip)).toEqual(both.map(strip));
    // …their paths differ only where the URI names another path (paths=uri)…
    for (const r of both) {
      const derived = pathForKlappyUri(r.uri) ?? r.uri;
      if (derived === r.path) continue;
      expect(after.find((a) => a.uri === r.uri)?.path).toBe(derived);
    }
    // …and a document legacy did not show had no frontmatter (legacy's date order left it out:
    // listings=complete), or its filter saw another path (paths=uri).
    const legacyPaths = new Map(
      (await everyEntry(servers.legacy, { sort_by: "date", limit: 500 }, "articles")).map((e) => [
        e.uri,
        e.path,
      ]),
    );
    for (const r of after.filter((a) => !listed.has(a.uri)))
      expect(!legacyPaths.has(r.uri) || legacyPaths.get(r.uri) !== r.path).toBe(true);
    expect(both.length).toBeGreaterThan(before.length * 0.9);
  });

  it.each([
    ["the echoed offset plus limit", URIS],
    ["the page's own length", BY_LENGTH],
  ])("runs: a loop advancing by %s lists every document once", async (_how, source) => {
    const out = migrate(source, recommended);
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).toContain(`limit: ${NO_FLAG_CAP}`);
    expect(out).toMatch(/if \(!\(result\.offset \+ result\.data\.length < result\.total\)\) break;/);
    const after = (await run(out, servers.contract, "uris", "")) as string[];
    const every = await everyEntry(
      servers.contract,
      { sort_by: "date", limit: NO_FLAG_CAP, include: [...KINDS] },
      "data",
    );
    expect(after).toEqual(every.map((e) => e.uri));
    expect(new Set(after).size).toBe(after.length);
    const before = (await run(source, servers.legacy, "uris", "")) as string[];
    expect(after.filter((u) => before.includes(u))).toEqual(before);
  });

  it("a loop stepping its offset by a literal is not this shape: it stays on the legacy envelope", async () => {
    const out = migrate(LITERAL_STEP, recommended);
    expect(out).toContain("include_legacy_envelope: true");
    expect(out).toContain("result.articles");
    // Kept as it was, it still lists what it listed.
    expect(await run(out, servers.contract, "uris", "")).toEqual(
      await run(LITERAL_STEP, servers.legacy, "uris", ""),
    );
  });

  it("a second run changes nothing and --check finds no open site", () => {
    for (const source of [LISTING, URIS]) {
      const once = migrate(source, recommended);
      expect(migrate(once, recommended)).toBe(once);
      expect(migrate(once, {})).toBe(once);
      const file = join(cwd, "page-loop-checked.mjs");
      expect(checkSites(cwd, new Map([[file, once]])).filter((s) => s.status === "unmigrated")).toEqual([]);
    }
  });
});
