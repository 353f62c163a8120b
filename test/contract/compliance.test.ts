/**
 * checkCompliance: for each of the 11 verification checks, a request/response
 * pair that violates it (caught, with the check's number and a reason) and a
 * compliant pair that passes. Check 11 is measured over a workload, through
 * checkTokenReduction.
 */
import { describe, expect, it } from "vitest";
import { checkContext } from "../../src/contract/checks/context.js";
import {
  CHECKS,
  type ComplianceContext,
  type ComplianceRequest,
  type ComplianceViolation,
  checkCompliance,
  checkTokenReduction,
  extractResult,
  type FilterableDocument,
  flagNotPermittedError,
  limitExceedsCapError,
  resolveKind,
} from "../../src/contract/index.js";

type Json = Record<string, unknown>;
const DEFAULT_ECHO = { include: ["canon", "docs", "essays"] };

/** The spec's "Known post-contract wire shape" example, verbatim. */
const SPEC_EXAMPLE = {
  action: "search",
  result: {
    status: "FOUND",
    data: [{ uri: "klappy://docs/one", title: "Title", score: 1, snippet: "Match" }],
    total: 23,
    limit: 1,
    offset: 2,
    disclosure_applied: [],
    filters_applied: { include: ["canon", "docs", "essays"] },
  },
  server_time: "2026-10-05T05:17:18Z",
  assistant_text: "...",
  debug: {},
};
const SPEC_EXAMPLE_REQUEST: ComplianceRequest = {
  action: "search",
  params: { input: "x", limit: 1, offset: 2 },
};

/** A search hit at disclosure []. */
const hit = (uri: string, score = 1, extra: Json = {}): Json => ({
  uri,
  title: `T ${uri}`,
  score,
  snippet: "…",
  ...extra,
});
/** A catalog entry at disclosure [] (position is offset + i + 1). */
const row = (uri: string, position: number, extra: Json = {}): Json => ({
  uri,
  title: `T ${uri}`,
  position,
  ...extra,
});

function many(data: Json[], over: Json = {}): Json {
  return {
    status: data.length ? "FOUND" : "NO_MATCH",
    data,
    total: data.length,
    limit: 25,
    offset: 0,
    disclosure_applied: [],
    filters_applied: DEFAULT_ECHO,
    ...over,
  };
}
function one(data: Json, over: Json = {}): Json {
  return { status: "FOUND", data, disclosure_applied: ["body"], ...over };
}
/** Wrap a result the way an MCP server sends it: one text item holding the outer envelope. */
function asToolResult(action: string, result: Json, isError = result.status === "ERROR"): Json {
  return {
    content: [{ type: "text", text: JSON.stringify({ action, result }) }],
    ...(isError ? { isError } : {}),
  };
}
const checksOf = (v: ComplianceViolation[]) => [...new Set(v.map((x) => x.check))].sort((a, b) => a - b);

function doc(path: string, frontmatter: Json = {}): FilterableDocument & { declaredKind?: unknown } {
  return {
    path,
    kind: resolveKind(path, frontmatter.kind).kind,
    frontmatter,
    declaredKind: frontmatter.kind,
  };
}
function docs(...list: ReturnType<typeof doc>[]): ComplianceContext {
  return { documents: new Map(list.map((d) => [`klappy://${d.path.replace(/\.md$/, "")}`, d])) };
}

describe("the spec's compliant example", () => {
  it("passes as the outer envelope", () => {
    expect(checkCompliance(SPEC_EXAMPLE_REQUEST, SPEC_EXAMPLE)).toEqual([]);
  });
  it("passes as an MCP tool result (one text item) and as a bare result", () => {
    expect(checkCompliance(SPEC_EXAMPLE_REQUEST, asToolResult("search", SPEC_EXAMPLE.result))).toEqual([]);
    expect(checkCompliance(SPEC_EXAMPLE_REQUEST, SPEC_EXAMPLE.result)).toEqual([]);
  });
  it("lists the 11 checks, numbered as in the spec", () => {
    expect(CHECKS.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

/**
 * One row per check: a request, a violating response, a compliant response,
 * and (optionally) ground-truth documents. Each violating response breaks
 * exactly the check of its row.
 */
interface Case {
  name: string;
  check: number;
  request: ComplianceRequest;
  bad: unknown;
  good: unknown;
  context?: ComplianceContext;
  /** Other checks the same response also breaks (body on a listing is also an unrequested field). */
  alsoBreaks?: number[];
}
const search = (params: Json = {}): ComplianceRequest => ({
  action: "search",
  params: { input: "q", ...params },
});
const catalog = (params: Json = {}): ComplianceRequest => ({ action: "catalog", params });

const CASES: Case[] = [
  // 1: only floor + native + requested flag fields
  {
    name: "an extra field on a search entry at disclosure []",
    check: 1,
    request: search(),
    bad: many([hit("klappy://docs/a", 1, { tags: ["x"] })]),
    good: many([hit("klappy://docs/a")]),
  },
  {
    name: "metadata on a catalog entry that did not ask for it",
    check: 1,
    request: catalog(),
    bad: many([row("klappy://docs/a", 1, { metadata: {} })]),
    good: many([row("klappy://docs/a", 1)]),
  },
  {
    name: "a requested flag missing from an entry",
    check: 1,
    request: catalog({ disclosure: ["summary"] }),
    bad: many([row("klappy://docs/a", 1)], { disclosure_applied: ["summary"] }),
    good: many([row("klappy://docs/a", 1, { summary: null })], { disclosure_applied: ["summary"] }),
  },
  {
    name: "disclosure_applied that differs from the resolved disclosure",
    check: 1,
    request: { action: "get", params: { input: "klappy://docs/a" } },
    bad: one(
      { uri: "klappy://docs/a", title: "A", body: "text", content_hash: "h" },
      { disclosure_applied: [] },
    ),
    good: one({ uri: "klappy://docs/a", title: "A", body: "text", content_hash: "h" }),
  },
  {
    name: "a floor field of the wrong type (title: 3)",
    check: 1,
    request: search(),
    bad: many([hit("klappy://docs/a", 1, { title: 3 })]),
    good: many([hit("klappy://docs/a")]),
  },
  // 2: filters honoured, echoed
  {
    name: "filters_applied without the default include",
    check: 2,
    request: search(),
    bad: many([hit("klappy://docs/a")], { filters_applied: {} }),
    good: many([hit("klappy://docs/a")]),
  },
  {
    name: "an entry whose disclosed metadata fails the audience filter",
    check: 2,
    request: catalog({ audience: "public", disclosure: ["metadata"] }),
    bad: many([row("klappy://docs/a", 1, { metadata: { audience: "operators" } })], {
      disclosure_applied: ["metadata"],
      filters_applied: { audience: "public", ...DEFAULT_ECHO },
    }),
    good: many([row("klappy://docs/a", 1, { metadata: { audience: "public" } })], {
      disclosure_applied: ["metadata"],
      filters_applied: { audience: "public", ...DEFAULT_ECHO },
    }),
  },
  {
    name: "an entry failing the tier filter by its ground-truth frontmatter",
    check: 2,
    request: search({ tier: [1, 2] }),
    bad: many([hit("klappy://canon/deep")], { filters_applied: { tier: [1, 2], ...DEFAULT_ECHO } }),
    good: many([hit("klappy://canon/top")], { filters_applied: { tier: [2, 1], ...DEFAULT_ECHO } }),
    context: docs(doc("canon/deep.md", { tier: 4 }), doc("canon/top.md", { tier: 1 })),
  },
  // 3: total is post-filter, pre-pagination
  {
    name: "a total below the entries returned (a page-sized total)",
    check: 3,
    request: search({ offset: 10 }),
    bad: many([hit("klappy://docs/a")], { offset: 10, total: 1 }),
    good: many([hit("klappy://docs/a")], { offset: 10, total: 11 }),
  },
  {
    name: "a wrong total against the documents that match (catalog)",
    check: 3,
    request: catalog({ limit: 1 }),
    bad: many([row("klappy://canon/a", 1)], { limit: 1, total: 4 }),
    good: many([row("klappy://canon/a", 1)], { limit: 1, total: 2 }),
    context: docs(doc("canon/a.md"), doc("docs/b.md"), doc("odd/j.md"), doc("apocrypha/x.md")),
  },
  {
    name: "a short page whose total promises more",
    check: 3,
    request: search({ limit: 5 }),
    bad: many([hit("klappy://docs/a")], { limit: 5, total: 9 }),
    good: many([hit("klappy://docs/a")], { limit: 5, total: 1 }),
  },
  {
    name: "an empty page inside the total",
    check: 3,
    request: search(),
    bad: many([], { total: 3, status: "NO_MATCH" }),
    good: many([], { total: 0, status: "NO_MATCH" }),
  },
  {
    name: "limit/offset not echoed as requested",
    check: 3,
    request: search({ limit: 10 }),
    bad: many([hit("klappy://docs/a")], { limit: 25 }),
    good: many([hit("klappy://docs/a")], { limit: 10 }),
  },
  // 4: no rollups
  {
    name: "a categories rollup on catalog",
    check: 4,
    request: catalog(),
    bad: many([row("klappy://docs/a", 1)], { categories: ["a", "b"] }),
    good: many([row("klappy://docs/a", 1)]),
  },
  {
    name: "a start_here list on preflight",
    check: 4,
    request: { action: "preflight", params: { input: "task" } },
    bad: many([{ uri: "klappy://docs/a", title: "A", role: "relevant" }], { start_here: ["docs/a.md"] }),
    good: many([{ uri: "klappy://docs/a", title: "A", role: "start_here" }]),
  },
  {
    name: "an extra envelope field (legacy articles without the opt-in)",
    check: 4,
    request: catalog(),
    bad: many([row("klappy://docs/a", 1)], { articles: [] }),
    good: many([row("klappy://docs/a", 1)]),
  },
  // 5: never body on query-shaped actions
  {
    name: "body on catalog",
    check: 5,
    alsoBreaks: [1],
    request: catalog(),
    bad: many([row("klappy://docs/a", 1, { body: "the whole text" })]),
    good: many([row("klappy://docs/a", 1)]),
  },
  {
    name: "legacy content on search",
    check: 5,
    alsoBreaks: [1],
    request: search(),
    bad: many([hit("klappy://docs/a", 1, { content: "the whole text" })]),
    good: many([hit("klappy://docs/a")]),
  },
  // 6: forbidden flag → DISCLOSURE_FLAG_NOT_PERMITTED
  {
    name: "body on catalog answered with data instead of the refusal",
    check: 6,
    request: catalog({ disclosure: ["body"] }),
    bad: many([row("klappy://docs/a", 1, { body: "x" })], { disclosure_applied: ["body"] }),
    good: flagNotPermittedError("catalog", "body"),
  },
  {
    name: "the refusal with the wrong permitted_flags",
    check: 6,
    request: search({ disclosure: ["body"] }),
    bad: { ...flagNotPermittedError("search", "body"), permitted_flags: ["blockquote"] },
    good: asToolResult("search", flagNotPermittedError("search", "body")),
  },
  {
    name: "the refusal as a tool result without isError",
    check: 6,
    request: search({ disclosure: ["body"] }),
    bad: asToolResult("search", flagNotPermittedError("search", "body"), false),
    good: asToolResult("search", flagNotPermittedError("search", "body")),
  },
  {
    name: "a permitted flag refused",
    check: 6,
    request: catalog({ disclosure: ["metadata"] }),
    bad: flagNotPermittedError("catalog", "metadata"),
    good: many([row("klappy://docs/a", 1, { metadata: {} })], { disclosure_applied: ["metadata"] }),
  },
  // 7: limit above the cap → LIMIT_EXCEEDS_FLAG_CAP
  {
    name: "limit 100 with summary answered (silently truncated to 25)",
    check: 7,
    request: catalog({ disclosure: ["summary"], limit: 100 }),
    bad: many([row("klappy://docs/a", 1, { summary: null })], { limit: 25, disclosure_applied: ["summary"] }),
    good: limitExceedsCapError(100, 25, "summary"),
  },
  {
    name: "the cap refusal naming the wrong limiting flag",
    check: 7,
    request: search({ disclosure: ["blockquote", "summary"], limit: 30 }),
    bad: { ...limitExceedsCapError(30, 25, "summary"), limiting_flag: "blockquote" },
    good: limitExceedsCapError(30, 25, "summary"),
  },
  {
    name: "the cap refusal whose message does not name the cap",
    check: 7,
    request: search({ disclosure: ["summary"], limit: 30 }),
    bad: { ...limitExceedsCapError(30, 25, "summary"), error_message: "too many" },
    good: limitExceedsCapError(30, 25, "summary"),
  },
  {
    name: "a limit within the cap refused",
    check: 7,
    request: catalog({ disclosure: ["metadata"], limit: 100 }),
    bad: limitExceedsCapError(100, 25, "metadata"),
    good: many([row("klappy://docs/a", 1, { metadata: {} })], {
      limit: 100,
      disclosure_applied: ["metadata"],
    }),
  },
  // 8: no journals or apocrypha unless opted in
  {
    name: "a journal in an unfiltered list (ground truth)",
    check: 8,
    request: catalog(),
    bad: many([row("klappy://canon/a", 1), row("klappy://odd/log", 2)]),
    good: many([row("klappy://canon/a", 1), row("klappy://writings/e", 2)]),
    context: docs(doc("canon/a.md"), doc("odd/log.md"), doc("writings/e.md")),
  },
  {
    name: "apocrypha in an unfiltered search (disclosed metadata has no kind: override)",
    check: 8,
    request: search({ disclosure: ["metadata"] }),
    bad: many([hit("klappy://apocrypha/old", 1, { metadata: {} })], { disclosure_applied: ["metadata"] }),
    good: many([hit("klappy://docs/new", 1, { metadata: {} })], { disclosure_applied: ["metadata"] }),
  },
  {
    name: "a journal when only canon was included (ground truth: no frontmatter kind)",
    check: 8,
    request: search({ include: "canon" }),
    bad: many([hit("klappy://odd/log")], { filters_applied: { include: "canon" } }),
    good: many([hit("klappy://canon/a")], { filters_applied: { include: ["canon"] } }),
    context: docs(doc("odd/log.md"), doc("canon/a.md")),
  },
  {
    name: "a document with no kind at all in a list (ground truth)",
    check: 8,
    request: search(),
    bad: many([hit("klappy://misc/x")]),
    good: many([hit("klappy://docs/y")]),
    context: docs(doc("misc/x.md"), doc("docs/y.md")),
  },
  // 9: two-tier kind, frontmatter wins
  {
    name: "writings/foo.md with kind: journals served in an unfiltered search (path decided, not frontmatter)",
    check: 9,
    request: search({ disclosure: ["metadata"] }),
    bad: many([hit("klappy://writings/foo", 1, { metadata: { kind: "journals" } })], {
      disclosure_applied: ["metadata"],
    }),
    good: many([hit("klappy://writings/bar", 1, { metadata: { kind: "essays" } })], {
      disclosure_applied: ["metadata"],
    }),
  },
  {
    name: "odd/x.md with kind: canon served for include: journals (the server followed the path)",
    check: 9,
    request: catalog({ include: "journals" }),
    bad: many([row("klappy://odd/x", 1)], { filters_applied: { include: "journals" } }),
    good: many([row("klappy://odd/y", 1)], { filters_applied: { include: "journals" } }),
    context: docs(doc("odd/x.md", { kind: "canon" }), doc("odd/y.md")),
  },
  // 10: native fields present at disclosure []
  {
    name: "a search hit without score and snippet",
    check: 10,
    request: search(),
    bad: many([{ uri: "klappy://docs/a", title: "A" }]),
    good: many([hit("klappy://docs/a")]),
  },
  {
    name: "a listing without total",
    check: 10,
    request: catalog(),
    bad: (() => {
      const r = many([row("klappy://docs/a", 1)]);
      delete r.total;
      return r;
    })(),
    good: many([row("klappy://docs/a", 1)]),
  },
  {
    name: "catalog positions that ignore the offset",
    check: 10,
    request: catalog({ offset: 5, limit: 2 }),
    bad: many([row("klappy://docs/a", 1), row("klappy://docs/b", 2)], { offset: 5, limit: 2, total: 9 }),
    good: many([row("klappy://docs/a", 6), row("klappy://docs/b", 7)], { offset: 5, limit: 2, total: 9 }),
  },
  {
    name: "catalog out of path order (ground truth)",
    check: 10,
    request: catalog(),
    bad: many([row("klappy://docs/b", 1), row("klappy://docs/a", 2)]),
    good: many([row("klappy://docs/a", 1), row("klappy://docs/b", 2)]),
    context: docs(doc("docs/a.md"), doc("docs/b.md")),
  },
  {
    name: "search hits not in descending score order",
    check: 10,
    request: search(),
    bad: many([hit("klappy://docs/a", 0.2), hit("klappy://docs/b", 0.9)]),
    good: many([hit("klappy://docs/b", 0.9), hit("klappy://docs/a", 0.2)]),
  },
  {
    name: "get without content_hash",
    check: 10,
    request: { action: "get", params: { input: "klappy://docs/a" } },
    bad: one({ uri: "klappy://docs/a", title: "A", body: "text" }),
    good: one({ uri: "klappy://docs/a", title: "A", body: "text", content_hash: "abc" }),
  },
  {
    name: "resolve without its supersession_chain",
    check: 10,
    request: { action: "resolve", params: { input: "klappy://docs/old", disclosure: [] } },
    bad: one({ uri: "klappy://docs/new", title: "New", content_hash: "abc" }, { disclosure_applied: [] }),
    good: one(
      {
        uri: "klappy://docs/new",
        title: "New",
        content_hash: "abc",
        supersession_chain: [{ uri: "klappy://docs/old" }],
      },
      { disclosure_applied: [] },
    ),
  },
];

describe.each(CASES)("check $check: $name", ({ check, request, bad, good, context, alsoBreaks = [] }) => {
  it("catches the violating response with that check (and only the checks it breaks) and a reason", () => {
    const violations = checkCompliance(request, bad, context);
    expect(checksOf(violations)).toEqual([check, ...alsoBreaks].sort((a, b) => a - b));
    for (const v of violations) expect(v.reason.length).toBeGreaterThan(10);
  });
  it("passes the compliant response", () => {
    expect(checkCompliance(request, good, context)).toEqual([]);
  });
  it("is caught by its own file's run alone, which passes the compliant response", () => {
    const own = CHECKS[check - 1];
    const badCtx = checkContext(request, bad, context ?? {});
    const goodCtx = checkContext(request, good, context ?? {});
    if (!own || !badCtx || !goodCtx) throw new Error(`no check ${check} or no context`);
    expect(own.id).toBe(check);
    const caught = own.run(badCtx);
    expect(caught.length).toBeGreaterThan(0);
    expect(caught.every((v) => v.check === check)).toBe(true);
    expect(own.run(goodCtx)).toEqual([]);
  });
});

it("the table covers every check from 1 to 10", () => {
  expect([...new Set(CASES.map((c) => c.check))].sort((a, b) => a - b)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  ]);
});

describe("the Done-when cases, precisely", () => {
  it("body on catalog is both an extra field (1) and forbidden body (5)", () => {
    expect(checksOf(checkCompliance(catalog(), many([row("klappy://docs/a", 1, { body: "x" })])))).toEqual([
      1, 5,
    ]);
  });
  it("extra fields: one violation per extra field, naming it", () => {
    const v = checkCompliance(search(), many([hit("klappy://docs/a", 1, { path: "docs/a.md", tags: [] })]));
    expect(v.map((x) => x.reason)).toEqual([
      "entry 0 carries 'path', which was not requested",
      "entry 0 carries 'tags', which was not requested",
    ]);
  });
  it("a wrong total without ground truth: total below what was returned", () => {
    const v = checkCompliance(
      catalog(),
      many([row("klappy://docs/a", 1), row("klappy://docs/b", 2)], { total: 1 }),
    );
    expect(v).toEqual([{ check: 3, reason: "total 1 is below offset + entries returned (2)" }]);
  });
  const journals = docs(doc("odd/j.md"));
  it("a journal in an unfiltered list is check 8 (and, on catalog, a total that counted it: check 3)", () => {
    expect(checksOf(checkCompliance(search(), many([hit("klappy://odd/j")]), journals))).toEqual([8]);
    expect(checksOf(checkCompliance(catalog(), many([row("klappy://odd/j", 1)]), journals))).toEqual([3, 8]);
  });
  it("the same journal with an explicit include passes", () => {
    const req = catalog({ include: ["canon", "journals"] });
    const answered = many([row("klappy://odd/j", 1)], {
      filters_applied: { include: ["journals", "canon"] },
    });
    expect(checkCompliance(req, answered, journals)).toEqual([]);
  });
  it("without ground truth or metadata a URI under odd/ is not judged: a frontmatter kind: may override its path unseen", () => {
    expect(checkCompliance(catalog(), many([row("klappy://odd/j", 1)]))).toEqual([]);
    // The same document with its (empty) frontmatter disclosed is judged by its path.
    const withMetadata = many([row("klappy://odd/j", 1, { metadata: {} })], {
      disclosure_applied: ["metadata"],
    });
    expect(checksOf(checkCompliance(catalog({ disclosure: ["metadata"] }), withMetadata))).toEqual([8]);
    // A disclosed override is honoured: odd/x.md declaring kind: canon belongs in the default include.
    const override = many([row("klappy://odd/x", 1, { metadata: { kind: "canon" } })], {
      disclosure_applied: ["metadata"],
    });
    expect(checkCompliance(catalog({ disclosure: ["metadata"] }), override)).toEqual([]);
  });
});

describe("several forbidden flags", () => {
  const req = search({ disclosure: ["body", "bogus"] });
  it("naming any one of them is compliant", () => {
    expect(checkCompliance(req, flagNotPermittedError("search", "body"))).toEqual([]);
    expect(checkCompliance(req, flagNotPermittedError("search", "bogus"))).toEqual([]);
  });
  it("naming a flag that was not requested is not", () => {
    expect(checksOf(checkCompliance(req, flagNotPermittedError("search", "full")))).toEqual([6]);
  });
});

describe("the legacy window (include_legacy_envelope: true)", () => {
  const req = catalog({ include_legacy_envelope: true, sort_by: "path" });
  it("legacy fields may ride beside the contract fields", () => {
    const r = many([row("klappy://docs/a", 1)], {
      articles: [{ path: "docs/a.md" }],
      pagination: {},
      canon: 1,
    });
    expect(checkCompliance(req, r)).toEqual([]);
  });
  it("a field that is neither contract nor legacy is still caught", () => {
    expect(checksOf(checkCompliance(req, many([row("klappy://docs/a", 1)], { extras: 1 })))).toEqual([4]);
  });
  it("the opt-in never permits body on a query-shaped action", () => {
    expect(checksOf(checkCompliance(req, many([row("klappy://docs/a", 1, { body: "x" })])))).toContain(5);
  });
  it("not even inside the legacy lists", () => {
    const legacyBody = many([row("klappy://docs/a", 1)], {
      articles: [{ uri: "klappy://docs/a", content: "x" }],
    });
    expect(checkCompliance(req, legacyBody)).toEqual([
      { check: 5, reason: "legacy articles[0] of catalog carries 'content'", evidence: "klappy://docs/a" },
    ]);
  });
});

describe("what checkCompliance does with everything else", () => {
  it("an invalid request (INVALID_PARAMS) is outside the 11 checks", () => {
    expect(
      checkCompliance(search({ limit: "ten" }), { status: "ERROR", error_code: "INVALID_PARAMS" }),
    ).toEqual([]);
  });
  it("a NOT_FOUND answer to a valid get is not judged here", () => {
    expect(
      checkCompliance(
        { action: "get", params: { input: "klappy://nope" } },
        { status: "NOT_FOUND", error_code: "NOT_FOUND" },
      ),
    ).toEqual([]);
  });
  it("a non-JSON tool result is reported, not thrown", () => {
    const v = checkCompliance(search(), { content: [{ type: "text", text: "not json" }] });
    expect(v).toEqual([{ check: 1, reason: "tool result text is not JSON", evidence: expect.anything() }]);
  });
  it("a data array holding a non-object is reported", () => {
    expect(
      checkCompliance(search(), many([hit("klappy://docs/a"), "x" as unknown as Json], { total: 2 })),
    ).toContainEqual({ check: 1, reason: "entry 1 is not an object", evidence: "x" });
  });
  it("an unknown action is a programming error (TypeError)", () => {
    expect(() => checkCompliance({ action: "orient" as never }, {})).toThrow(TypeError);
  });
  it("extractResult tells how the response was wrapped", () => {
    expect(extractResult(asToolResult("search", SPEC_EXAMPLE.result)).wrapping).toBe("tool");
    expect(extractResult(SPEC_EXAMPLE).wrapping).toBe("envelope");
    expect(extractResult(SPEC_EXAMPLE.result).wrapping).toBe("result");
  });
});

describe("check 11: aggregate token reduction (checkTokenReduction)", () => {
  it("passes a workload that drops by an order of magnitude or more", () => {
    // The spec's measured figures: ~111,733 tokens per legacy catalog call vs 5,394 after the contract.
    expect(checkTokenReduction(111_733, 5_394)).toEqual([]);
    expect(checkTokenReduction(1000, 100)).toEqual([]);
  });
  it("catches a workload that drops by less than 10×, with the ratio in the reason", () => {
    expect(checkTokenReduction(1000, 101)).toEqual([
      { check: 11, reason: "workload costs 101 tokens against 1000 legacy: 9.9× reduction, below 10×" },
    ]);
  });
  it("honours a custom threshold", () => {
    expect(checkTokenReduction(1000, 200, 5)).toEqual([]);
    expect(checkTokenReduction(1000, 300, 5).map((v) => v.check)).toEqual([11]);
  });
  it.each([
    [-1, 10],
    [10, -1],
    [Number.NaN, 1],
    [1, Number.POSITIVE_INFINITY],
    [0, 0],
  ])("refuses meaningless measurements (%d, %d) with a RangeError", (legacy, contract) => {
    expect(() => checkTokenReduction(legacy, contract)).toThrow(RangeError);
  });
});
