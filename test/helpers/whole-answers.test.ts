/**
 * Helpers return what a page renders: every listing helper returns all its
 * entries on the bundled sample (data.length === total, where the first page
 * alone used to drop 8 essays and 40 canon documents), pages concurrently
 * after the first, refuses to truncate, notices a corpus that changes between
 * pages, takes extra disclosure, and guards public rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOddkitClient, OddkitPaginationError, OddkitRequestError } from "../../src/client/index.js";
import type { OddkitClient } from "../../src/client/types.js";
import { capFor } from "../../src/contract/index.js";
import {
  collectAll,
  getEssayPage,
  getEssaysIndex,
  getStartHereCarousel,
  HELPERS,
  HelperArgumentError,
  isPublicRow,
  USE_CASE_ROWS,
} from "../../src/helpers/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { createFakeClient } from "./fake-client.js";

let server: ReferenceServer;
let client: OddkitClient;
beforeAll(async () => {
  server = await createReferenceServer();
  client = createOddkitClient({ server, countTokens: false, cache: false });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

type Loose = (
  c: unknown,
  ...args: unknown[]
) => Promise<{ data: unknown[]; total: number; meta: { calls: number } }>;
const listings = USE_CASE_ROWS.filter((row) => row.paginate);
const argsFor = (row: (typeof USE_CASE_ROWS)[number]) => (row.input === "path_prefix" ? ["writings/"] : []);

describe("every listing helper returns the whole listing on the bundled corpus", () => {
  it("covers every catalog row of the table", () => {
    expect(listings.map((r) => r.id).sort()).toEqual(
      USE_CASE_ROWS.filter((r) => r.action === "catalog")
        .map((r) => r.id)
        .sort(),
    );
  });

  it.each(listings.map((row) => [row.functionName, row] as const))(
    "%s: data.length === total",
    async (_n, row) => {
      const helper = HELPERS[row.functionName as keyof typeof HELPERS] as unknown as Loose;
      const result = await helper(client, ...argsFor(row));
      expect(result.data.length).toBe(result.total);
      // the server's own count of the same request, one call at the no-flag cap
      const direct = await client.catalog({
        ...row.filters,
        ...(row.input ? { path_prefix: "writings/" } : {}),
        limit: 1,
      } as never);
      expect(result.total).toBe(direct.total);
      const cap = capFor("catalog", row.disclosure as string[]).max;
      expect(result.meta.calls).toBe(Math.max(1, Math.ceil(result.total / cap)));
    },
  );

  it("the essays and canon governance indexes are larger than the first page that used to be returned", async () => {
    const essays = await getEssaysIndex(client);
    const canon = await HELPERS.getCanonGovernanceIndex(client);
    expect(essays.total).toBeGreaterThan(100);
    expect(canon.total).toBeGreaterThan(100);
    expect(new Set(canon.data.map((e) => e.uri)).size).toBe(canon.total);
    expect(canon.meta.calls).toBe(Math.ceil(canon.total / 100));
  });
});

describe("collecting pages", () => {
  it("fetches the pages after the first concurrently, at most `concurrency` at once", async () => {
    const fake = createFakeClient(2500);
    let inFlight = 0;
    let peak = 0;
    const slow = {
      ...fake,
      catalog: async (p: Record<string, unknown>, o?: unknown) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setImmediate(r));
        try {
          return await fake.catalog(p as never, o as never);
        } finally {
          inFlight--;
        }
      },
    };
    const all = await collectAll(slow as never, "catalog", { disclosure: [] }, { concurrency: 3 });
    expect(all.data).toHaveLength(2500);
    expect(peak).toBe(3);
    expect(all.data.map((e) => (e as { position: number }).position)).toEqual(
      Array.from({ length: 2500 }, (_, i) => i + 1),
    );
  });

  it("refuses a listing over maxEntries with a typed error after one call, never a truncated list", async () => {
    const fake = createFakeClient(1203);
    const call = HELPERS.getSitemap(fake, {}, { maxEntries: 1000 });
    await expect(call).rejects.toBeInstanceOf(OddkitPaginationError);
    await expect(HELPERS.getSitemap(fake, {}, { maxEntries: 1000 })).rejects.toMatchObject({
      reason: "max-entries",
    });
    expect(fake.calls.filter((c) => c.params.offset !== 0)).toEqual([]);
  });

  function changingClient(sizes: number[]) {
    const fake = createFakeClient(sizes[0]);
    let calls = 0;
    return {
      ...fake,
      catalog: async (p: Record<string, unknown>, o?: unknown) => {
        const size = sizes[Math.min(calls++, sizes.length - 1)]!;
        return createFakeClient(size).catalog(p as never, o as never);
      },
    };
  }

  it("detects a corpus that changes between pages", async () => {
    const changing = changingClient([700, 701, 701]);
    const error = await HELPERS.getSitemap(changing as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OddkitPaginationError);
    expect((error as OddkitPaginationError).reason).toBe("total-changed");
    expect((error as Error).message).toMatch(/changed from 700 to 701.*onTotalChange/);
  });

  it("starts over on request when the corpus changed, and returns a consistent listing", async () => {
    const changing = changingClient([700, 701, 701, 701]);
    const all = await HELPERS.getSitemap(changing as never, {}, { onTotalChange: "restart" });
    expect(all.total).toBe(701);
    expect(all.data).toHaveLength(701);
  });

  it("detects a page that comes back short of its share", async () => {
    const fake = createFakeClient(600);
    const short = {
      ...fake,
      catalog: async (p: Record<string, unknown>, o?: unknown) => {
        const page = (await fake.catalog(p as never, o as never)) as { data: unknown[] };
        return p.offset === 500 ? { ...page, data: page.data.slice(1) } : page;
      },
    };
    await expect(HELPERS.getSitemap(short as never)).rejects.toMatchObject({ reason: "short-page" });
  });
});

describe("extra disclosure", () => {
  it("getEssayPage with body and metadata returns both (and the frontmatter's date)", async () => {
    const essays = await getEssaysIndex(client);
    const uri = essays.data[0]!.uri;
    const page = await getEssayPage(client, uri, { disclosure: ["body", "metadata"] });
    expect(page.disclosure_applied).toEqual(["metadata", "body"]);
    expect(typeof page.data.body).toBe("string");
    expect(page.data.metadata).toMatchObject({ exposure: "public" });
  });

  it("a widened listing pages at the lower cap of the added flag", async () => {
    const fake = createFakeClient(250);
    const all = await getEssaysIndex(fake, { disclosure: ["summary"] });
    expect(all.data).toHaveLength(250);
    expect(all.meta.pageSize).toBe(25);
    expect(fake.calls[0]?.params.disclosure).toEqual(["blockquote", "summary"]);
  });

  it("refuses a flag the action does not permit, naming it", async () => {
    const fake = createFakeClient();
    await expect(getEssaysIndex(fake, { disclosure: ["body"] } as never)).rejects.toThrow(
      /getEssaysIndex: 'body' is not a disclosure flag 'catalog' permits/,
    );
    expect(fake.calls).toEqual([]);
  });
});

describe("public rows are guarded", () => {
  it("the public rows are the essays index and the start-here carousel", () => {
    expect(USE_CASE_ROWS.filter(isPublicRow).map((r) => r.id)).toEqual([
      "essays-index",
      "start-here-carousel",
    ]);
  });

  it("refuse an override that removes both public filters", async () => {
    const fake = createFakeClient();
    await expect(getStartHereCarousel(fake, { exposure: ["public", "nav"] })).rejects.toBeInstanceOf(
      HelperArgumentError,
    );
    await expect(getEssaysIndex(fake, { audience: "canon", exposure: "nav" })).rejects.toThrow(
      /removes? the public filter of the 'essays-index' use case/,
    );
    expect(fake.calls).toEqual([]);
    // keeping one of the two is enough
    await expect(getEssaysIndex(fake, { audience: "canon" })).resolves.toMatchObject({ total: 3 });
  });

  it("client.catalog with requirePublic refuses a request without a public filter, before sending", async () => {
    const guarded = createOddkitClient({ server, countTokens: false, requirePublic: true });
    try {
      const error = await guarded.catalog({ audience: "canon" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OddkitRequestError);
      expect((error as OddkitRequestError).sent).toBe(false);
      expect((error as Error).message).toMatch(/exposure: "public" or audience: "public".*requirePublic/);
      await expect(guarded.catalog({ exposure: ["public", "nav"] })).rejects.toBeInstanceOf(
        OddkitRequestError,
      );
      const ok = await guarded.catalog({ exposure: "public" });
      expect(ok.status).toBe("FOUND");
      // other actions are not catalog renderers and pass through
      await expect(guarded.search({ query: "ledger" })).resolves.toMatchObject({ status: "FOUND" });
    } finally {
      await guarded.close();
    }
  });
});
