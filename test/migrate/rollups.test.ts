/**
 * The categories rollup under `rollups=compute` (codemods/migrate/rollups.ts):
 * the function the rewrite adds is the legacy server's own rule, the call
 * becomes every page of the metadata listing, and without the decisions it
 * stays flagged. Its run over the real-world corpus is
 * test/codemods/realworld-decided.test.ts (tag-cloud).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORIES, categoriesSource } from "../../codemods/migrate/added-functions.js";
import { parseDecide } from "../../codemods/migrate/decisions.js";
import { FLAG_CAPS, KINDS } from "../../src/contract/index.js";
import { legacyCategories } from "../../src/legacy/catalog.js";
import { everyEntry, migrate, run, useServers } from "./decided-harness.js";

const servers = useServers();

describe("the categories function a rollups=compute rewrite adds", () => {
  const categories = new Function(
    "entries",
    `${categoriesSource(false)}\nreturn ${CATEGORIES}(entries);`,
  ) as (entries: Array<{ metadata?: Record<string, unknown> }>) => string[];

  it("is the legacy rule: every tag first seen first, 'other' for a document without tags", () => {
    const tags = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { maxLength: 4 }),
      fc.integer(),
    );
    const frontmatters = fc.array(
      fc.record({ tags }, { requiredKeys: [] }).map((m) => (m.tags === undefined ? {} : m)),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(frontmatters, (fms) => {
        const legacy = [...legacyCategories(fms.map((frontmatter) => ({ frontmatter }))).keys()];
        expect(categories(fms.map((metadata) => ({ metadata })))).toEqual(legacy);
      }),
    );
  });
});

const TAG_CLOUD = `export async function tagCloud() {
  const res = await fetch("https://oddkit.example/mcp", {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call",
      params: { name: "oddkit_catalog", arguments: {} } }),
  });
  const rpc = await res.json();
  const catalog = JSON.parse(rpc.result.content[0].text).result;
  return { tags: catalog.categories, documents: catalog.total };
}
`;

describe("a catalog read for its categories", () => {
  it("without rollups=compute and frontmatter=contract it stays on the legacy envelope", () => {
    expect(migrate(TAG_CLOUD, parseDecide("rollups=compute"))).toContain("include_legacy_envelope: true");
    expect(migrate(TAG_CLOUD, parseDecide("frontmatter=contract"))).toContain(
      "include_legacy_envelope: true",
    );
  });

  it("runs: every tag of the contract's metadata, first seen in its order; the same total", async () => {
    const out = migrate(TAG_CLOUD, parseDecide("recommended"));
    expect(out).not.toContain("include_legacy_envelope");
    expect(out).not.toContain("TODO(oddkit-migrate)");
    expect(out).toContain(`tags: ${CATEGORIES}(catalog.data)`);
    const after = (await run(out, servers.contract, "tagCloud", "")) as { tags: string[]; documents: number };
    const every = await everyEntry(
      servers.contract,
      { limit: FLAG_CAPS.metadata, disclosure: ["metadata"], include: [...KINDS] },
      "data",
    );
    const expected = [...legacyCategories(every.map((e) => ({ frontmatter: e.metadata ?? {} }))).keys()];
    expect(after.tags).toEqual(expected);
    const before = (await run(TAG_CLOUD, servers.legacy, "tagCloud", "")) as {
      tags: string[];
      documents: number;
    };
    expect(after.documents).toBe(before.documents);
    // The tags themselves may differ from legacy's by how each server parses the frontmatter (the
    // frontmatter=contract decision: the contract's YAML as written).
    expect(migrate(out, parseDecide("recommended"))).toBe(out);
  });
});
