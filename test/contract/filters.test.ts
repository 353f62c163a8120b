/**
 * Structural filters: include/exclude resolution (include first, then
 * exclude), the `filters_applied` echo, matching one document (array = any-of),
 * and the URI-shaped actions refusing filters.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  canonicalFilters,
  type FilterableDocument,
  type Filters,
  filtersApplied,
  matchesFilters,
  resolveKindSet,
  sameFilters,
  validateRequest,
} from "../../src/contract/index.js";

describe("resolveKindSet: include first (allow-list), then exclude (deny-list)", () => {
  it.each<[string, Filters, string[]]>([
    ["neither → the default include", {}, ["canon", "docs", "essays"]],
    ["include only", { include: ["journals"] }, ["journals"]],
    ["include scalar", { include: "apocrypha" }, ["apocrypha"]],
    [
      "exclude only → every kind but the excluded",
      { exclude: "essays" },
      ["canon", "docs", "journals", "apocrypha"],
    ],
    [
      "both: exclude removes from include",
      { include: ["canon", "journals"], exclude: ["journals"] },
      ["canon"],
    ],
    [
      "both: exclude of a kind not included changes nothing",
      { include: "docs", exclude: "journals" },
      ["docs"],
    ],
    ["both cancel out → nothing", { include: "docs", exclude: "docs" }, []],
    [
      "every kind opted in",
      { include: ["canon", "docs", "journals", "essays", "apocrypha"] },
      ["canon", "docs", "journals", "essays", "apocrypha"],
    ],
  ])("%s", (_, filters, kinds) => {
    expect(resolveKindSet(filters)).toEqual(kinds);
  });
});

describe("filtersApplied: the echo of the filters in force", () => {
  it("echoes the default include when no kind filter is passed", () => {
    expect(filtersApplied({})).toEqual({ include: ["canon", "docs", "essays"] });
  });
  it("echoes the caller's filters as passed, plus the default include", () => {
    expect(filtersApplied({ audience: "docs", tier: [1, 2], public: false })).toEqual({
      audience: "docs",
      tier: [1, 2],
      public: false,
      include: ["canon", "docs", "essays"],
    });
  });
  it("an explicit include is echoed as passed", () => {
    expect(filtersApplied({ include: "journals" })).toEqual({ include: "journals" });
  });
  it("exclude only: include is every kind (the allow-list the exclude applies to)", () => {
    expect(filtersApplied({ exclude: ["apocrypha"] })).toEqual({
      exclude: ["apocrypha"],
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
    });
  });
  it("validateRequest carries the same echo for query-shaped actions and none for get/resolve", () => {
    const r = validateRequest("search", { input: "x", tags: "epistemics" });
    expect(r.ok && r.request.filtersApplied).toEqual({
      tags: "epistemics",
      include: ["canon", "docs", "essays"],
    });
    const g = validateRequest("get", { input: "klappy://canon/x" });
    expect(g.ok && g.request.filtersApplied).toBeNull();
  });
  it("sameFilters compares canonical forms: scalar ≡ one-element array, order-free", () => {
    expect(sameFilters({ include: "docs", tier: [2, 1] }, { include: ["docs"], tier: [1, 2] })).toBe(true);
    expect(sameFilters({ include: ["docs"] }, { include: ["docs", "canon"] })).toBe(false);
    expect(sameFilters({ public: true }, { public: false })).toBe(false);
  });
});

describe("matchesFilters: one mechanical comparison per filter, arrays any-of", () => {
  const doc: FilterableDocument = {
    path: "writings/on-rigor.md",
    kind: "essays",
    frontmatter: {
      audience: "public",
      exposure: "nav",
      tier: 2,
      public: true,
      start_here: false,
      tags: ["epistemics", "writing"],
    },
  };
  it.each<[string, Filters, boolean]>([
    ["no filters (default include has essays)", {}, true],
    ["audience scalar, match", { audience: "public" }, true],
    ["audience scalar, miss", { audience: "docs" }, false],
    ["audience any-of, match", { audience: ["docs", "public"] }, true],
    ["audience any-of, miss", { audience: ["docs", "odd"] }, false],
    ["exposure scalar, match", { exposure: "nav" }, true],
    ["exposure any-of, miss", { exposure: ["draft", "hidden"] }, false],
    ["tier scalar, match", { tier: 2 }, true],
    ["tier scalar, miss", { tier: 1 }, false],
    ["tier any-of, match", { tier: [1, 2] }, true],
    ["public true, match", { public: true }, true],
    ["public false, miss", { public: false }, false],
    ["start_here false, match", { start_here: false }, true],
    ["start_here true, miss", { start_here: true }, false],
    ["path_prefix scalar, match", { path_prefix: "writings/" }, true],
    ["path_prefix scalar, miss", { path_prefix: "canon/" }, false],
    ["path_prefix any-of, match", { path_prefix: ["canon/", "writings/"] }, true],
    ["tags scalar (one of the doc's tags)", { tags: "writing" }, true],
    ["tags any-of, match", { tags: ["nope", "epistemics"] }, true],
    ["tags any-of, miss", { tags: ["nope", "other"] }, false],
    ["include its kind", { include: "essays" }, true],
    ["include other kinds", { include: ["canon", "docs"] }, false],
    ["exclude its kind", { exclude: "essays" }, false],
    ["exclude other kinds", { exclude: ["journals"] }, true],
    [
      "all filters together, all match",
      { audience: "public", tier: [2], public: true, tags: "writing", include: "essays" },
      true,
    ],
    [
      "all match but one",
      { audience: "public", tier: [2], public: true, tags: "writing", exposure: "draft" },
      false,
    ],
  ])("%s → %s", (_, filters, expected) => {
    expect(matchesFilters(doc, filters)).toBe(expected);
  });

  it("a frontmatter value that is an array matches any-of too (audience: [docs, public])", () => {
    const multi = { ...doc, frontmatter: { ...doc.frontmatter, audience: ["docs", "public"] } };
    expect(matchesFilters(multi, { audience: "docs" })).toBe(true);
    expect(matchesFilters(multi, { audience: "odd" })).toBe(false);
  });
  it("a document without the field never matches a filter on it", () => {
    const bare = { ...doc, frontmatter: {} };
    expect(matchesFilters(bare, { tier: 2 })).toBe(false);
    expect(matchesFilters(bare, { public: false })).toBe(false);
    expect(matchesFilters(bare, {})).toBe(true);
  });
  it("a journal is out by default and in only with an explicit include", () => {
    const journal = { path: "odd/log.md", kind: "journals" as const, frontmatter: {} };
    expect(matchesFilters(journal, {})).toBe(false);
    expect(matchesFilters(journal, { exclude: "apocrypha" })).toBe(true);
    expect(matchesFilters(journal, { include: "journals" })).toBe(true);
  });
  it("a document with no kind is outside every kind set", () => {
    const orphan = { path: "misc/x.md", kind: null, frontmatter: {} };
    expect(matchesFilters(orphan, { include: ["canon", "docs", "journals", "essays", "apocrypha"] })).toBe(
      false,
    );
  });
  it("path_prefix compares normalised paths", () => {
    expect(matchesFilters({ ...doc, path: "./writings/on-rigor.md" }, { path_prefix: "writings/" })).toBe(
      true,
    );
  });
});

describe("get and resolve take a URI and accept no filters", () => {
  it.each(["get", "resolve"] as const)("%s refuses filters, saying the URI is the selector", (action) => {
    const r = validateRequest(action, { input: "klappy://canon/x", audience: "docs", include: "journals" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ status: "ERROR", error_code: "INVALID_PARAMS", action });
    expect(r.error.error_message).toBe(
      `invalid parameters for action '${action}': audience,include: ${action} takes a URI and accepts no filters (the URI is the selector); remove audience, include.`,
    );
  });
  it.each(["search", "catalog", "preflight"] as const)("%s accepts every filter", (action) => {
    const r = validateRequest(action, {
      input: "x",
      ...(action === "catalog" ? { input: undefined } : {}),
      audience: ["docs"],
      exposure: "nav",
      tier: 1,
      public: true,
      start_here: false,
      path_prefix: "docs/",
      include: "docs",
      exclude: "journals",
      tags: ["a"],
    });
    if (action === "catalog") {
      // `input` is not a catalog parameter: an explicit key, even undefined, is refused.
      expect(!r.ok && r.error.error_code).toBe("INVALID_PARAMS");
      return;
    }
    expect(r.ok).toBe(true);
  });
});

describe("bad filter values are refused with what to pass", () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      "include: odd",
      { include: "odd" },
      'include: expected a kind (one of canon, docs, journals, essays, apocrypha), or a non-empty array of them; got "odd"',
    ],
    ["tier: 5", { tier: 5 }, "tier: expected one of 1, 2, 3, 4, or a non-empty array of them; got 5"],
    [
      "audience: []",
      { audience: [] },
      "audience: an empty array filters nothing in or out; pass one of canon, docs, public, odd, operators, apocrypha, or omit it",
    ],
    ["category (no such filter)", { category: "x" }, "category: unknown parameter category; remove it"],
  ])("%s", (_, params, message) => {
    const r = validateRequest("catalog", params);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.error_code).toBe("INVALID_PARAMS");
    expect(r.error.error_message).toContain(message);
  });
});

describe("validateRequest never throws", () => {
  const garbage: unknown[] = [
    null,
    undefined,
    [],
    [1, 2],
    0,
    42,
    "search",
    true,
    () => 1,
    { disclosure: null },
    { disclosure: [null, 3] },
    { disclosure: { body: true } },
    { limit: "10" },
    { limit: -1 },
    { limit: 2.5 },
    { offset: -1 },
    { input: 7 },
    { input: "   " },
    Object.create(null),
  ];
  it.each(ACTIONS.flatMap((a) => garbage.map((g) => [a, g] as const)))("%s with %o", (action, raw) => {
    const r = validateRequest(action, raw);
    expect(typeof r.ok).toBe("boolean");
    if (!r.ok) {
      expect(r.error.status).toBe("ERROR");
      expect(r.error.error_message.length).toBeGreaterThan(0);
    }
  });
  it.each([{ raw: [] }, { raw: 42 }, { raw: "x" }, { raw: true }])(
    "a non-object $raw is refused as INVALID_PARAMS naming the arguments",
    ({ raw }) => {
      expect(validateRequest("catalog", raw)).toEqual({
        ok: false,
        error: {
          status: "ERROR",
          error_code: "INVALID_PARAMS",
          error_message:
            "invalid parameters for action 'catalog': (arguments): expected an object of parameters.",
          action: "catalog",
          issues: [{ param: "(arguments)", message: "expected an object of parameters" }],
        },
      });
    },
  );
  it("null and undefined mean no parameters (valid for catalog)", () => {
    expect(validateRequest("catalog", null).ok).toBe(true);
    expect(validateRequest("catalog", undefined).ok).toBe(true);
  });
  it("a missing input names what to pass", () => {
    const r = validateRequest("search", {});
    expect(!r.ok && r.error.error_message).toBe(
      "invalid parameters for action 'search': input: required: pass the search query as input.",
    );
  });
});

/**
 * sameFilters judges the usual echo (booleans, strings, lists of strings) without building the
 * canonical copies; on every generated pair, plain or not, it answers what comparing the
 * canonical forms answers (the definition it had before that shortcut).
 */
describe("sameFilters is equality of the canonical forms", () => {
  const canonicalEqual = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
    try {
      return JSON.stringify(canonicalFilters(a)) === JSON.stringify(canonicalFilters(b));
    } catch {
      return false;
    }
  };
  const word = fc.constantFrom("canon", "docs", "essays", "journals", "a", "", "é", "\ud800");
  const plainValue = fc.oneof(word, fc.array(word, { maxLength: 4 }), fc.boolean(), fc.constant(undefined));
  const oddValue = fc.oneof(
    fc.constant(null),
    fc.integer({ min: -1, max: 2 }),
    fc.constant([undefined]),
    fc.constant([null]),
    fc.constant(["canon", 1]),
    fc.constant([["canon"]]),
    fc.constant(Object.assign([], { 1: "canon" })), // a hole first
  );
  const key = fc.constantFrom("include", "exclude", "tags", "audience", "public");
  const filters = (value: fc.Arbitrary<unknown>) => fc.dictionary(key, value, { maxKeys: 4 });
  const pair = fc.oneof(
    fc.tuple(filters(plainValue), filters(plainValue)),
    fc.tuple(filters(fc.oneof(plainValue, oddValue)), filters(fc.oneof(plainValue, oddValue))),
    // b made from a (reordered, duplicated, scalar ↔ one-element list): often equal.
    filters(plainValue).map((a) => {
      const b: Record<string, unknown> = {};
      for (const k of Object.keys(a).reverse()) {
        const v = a[k];
        b[k] = Array.isArray(v) ? [...v].reverse().concat(v.slice(0, 1)) : typeof v === "string" ? [v] : v;
      }
      return [a, b] as [Record<string, unknown>, Record<string, unknown>];
    }),
  );

  it("on generated pairs of echoes", () => {
    let equal = 0;
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const expected = canonicalEqual(a, b);
        expect(sameFilters(a, b)).toBe(expected);
        expect(sameFilters(b, a)).toBe(expected);
        if (expected) equal++;
      }),
      { numRuns: 2000 },
    );
    expect(equal).toBeGreaterThan(200); // both verdicts were exercised
  });

  it("reads own enumerable keys only, as the canonical form does", () => {
    const inherited = Object.create({ include: ["canon"] }) as Record<string, unknown>;
    expect(sameFilters(inherited, {})).toBe(true);
    expect(sameFilters({ include: ["canon"] }, inherited)).toBe(false);
  });
});
