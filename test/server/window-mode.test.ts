/**
 * Window mode: the contract shape, plus the action's legacy fields merged
 * into `result` when the caller opts in with include_legacy_envelope — and
 * still never a body on search, catalog or preflight.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACTION_SPECS,
  checkCompliance,
  LEGACY_RESULT_FIELDS,
  MANY_RESULT_FIELDS,
} from "../../src/contract/index.js";
import { legacyContentHash } from "../../src/legacy/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { fixtureCorpus } from "./fixture-corpus.js";
import { complianceContext, resultOf, subsets } from "./helpers.js";

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ corpus: fixtureCorpus(), mode: "window" });
});

describe("window mode", () => {
  it("reports the contract's version by default", async () => {
    expect(resultOf(await server.callTool("oddkit_version", {}))).toMatchObject({ server_version: "0.30.0" });
  });

  it("answers the contract shape alone unless the caller opts in", async () => {
    const r = resultOf(await server.callTool("oddkit_catalog", { sort_by: "path" }));
    expect(Object.keys(r)).toEqual([...MANY_RESULT_FIELDS]);
  });

  it("complies with the contract at every flag combination, with and without the legacy fields", async () => {
    for (const action of ["search", "catalog", "preflight", "get", "resolve"] as const) {
      for (const disclosure of subsets(ACTION_SPECS[action].permittedFlags)) {
        for (const legacy of [false, true]) {
          const params: Record<string, unknown> = { disclosure, include_legacy_envelope: legacy };
          if (action === "search") params.input = "caching";
          if (action === "preflight") params.input = "cache the catalog";
          if (action === "get" || action === "resolve") params.input = "klappy://docs/old-guide";
          if (action === "catalog") params.sort_by = "path";
          const response = await server.callTool(`oddkit_${action}`, params);
          expect(
            checkCompliance({ action, params }, response, complianceContext(server.corpus)),
            `${action} ${JSON.stringify(params)}`,
          ).toEqual([]);
        }
      }
    }
  });

  it("catalog carries data[] and articles[] side by side, for the same filtered page", async () => {
    const r = resultOf(
      await server.callTool("oddkit_catalog", {
        sort_by: "path",
        limit: 3,
        path_prefix: "docs/",
        include_legacy_envelope: true,
      }),
    );
    const data = r.data as { uri: string }[];
    const articles = r.articles as { uri: string; metadata: object }[];
    // 0.28.x's page of the same filtered documents: its (locale) path order, not the contract's code-unit order
    expect(data).toHaveLength(3);
    const paths = (articles as unknown as { path: string }[]).map((a) => a.path);
    expect(paths).toHaveLength(3);
    expect(paths.every((p) => p.startsWith("docs/"))).toBe(true);
    expect(paths).toEqual([...paths].sort((a, b) => a.localeCompare(b, "en-US")));
    expect(r.pagination).toMatchObject({ offset: 0, limit: 3, has_more: true });
    expect(Object.keys(r).filter((k) => !(MANY_RESULT_FIELDS as readonly string[]).includes(k))).toEqual(
      LEGACY_RESULT_FIELDS.catalog.filter((k) => k !== "total"),
    );
  });

  it("search carries hits and evidence beside data, and never a body", async () => {
    const response = await server.callTool("oddkit_search", {
      input: "caching",
      disclosure: ["metadata"],
      include_legacy_envelope: true,
    });
    const r = resultOf(response);
    expect(r.hits).toBeInstanceOf(Array);
    expect(r.evidence).toBeInstanceOf(Array);
    expect(JSON.stringify(r)).not.toMatch(/"(body|content)":/);
  });

  it("get carries the legacy path/content/content_hash beside data", async () => {
    const doc = server.corpus.byPath.get("docs/new-guide.md")!;
    const r = resultOf(
      await server.callTool("oddkit", {
        action: "get",
        input: "klappy://docs/new-guide",
        include_legacy_envelope: true,
      }),
    );
    // 0.28.x's own string hash, as a window server still writes it
    expect(r).toMatchObject({ path: doc.path, content: doc.raw, content_hash: legacyContentHash(doc.raw) });
    expect(r.data).toMatchObject({ uri: doc.uri, body: doc.body });
  });
});
