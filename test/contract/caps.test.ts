/**
 * Flags, caps and the effective limit: every single flag, every pair of
 * flags, and the refusal of a limit above the cap in force.
 */
import { describe, expect, it } from "vitest";
import {
  ACTION_SPECS,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  defaultLimitFor,
  describeCaps,
  effectiveCap,
  FLAG_CAPS,
  FLAGS,
  type Flag,
  limitExceedsCapError,
  NO_FLAG_CAP,
  validateRequest,
} from "../../src/contract/index.js";

/** The spec's cap table, written out here on purpose: the test is the second reading of the spec. */
const SPEC_CAPS: Record<Flag, number> = { blockquote: 200, metadata: 100, summary: 25, body: 1 };

describe("the cap table matches the spec", () => {
  it.each(FLAGS)("%s", (flag) => {
    expect(FLAG_CAPS[flag]).toBe(SPEC_CAPS[flag]);
  });
  it("no flag: 500; default limit 25; default offset 0", () => {
    expect(NO_FLAG_CAP).toBe(500);
    expect(DEFAULT_LIMIT).toBe(25);
    expect(DEFAULT_OFFSET).toBe(0);
  });
});

describe("effectiveCap", () => {
  it("no active flag → the no-flag cap, no limiting flag", () => {
    expect(effectiveCap([])).toEqual({ max: 500, limitingFlag: null });
  });

  it.each(FLAGS.map((f) => [f, SPEC_CAPS[f]] as const))("single flag %s → %i", (flag, cap) => {
    expect(effectiveCap([flag])).toEqual({ max: cap, limitingFlag: flag });
  });

  // Every unordered pair of two distinct flags: the smaller cap and its flag govern.
  const pairs: [Flag, Flag, number, Flag][] = [];
  for (const [i, a] of FLAGS.entries()) {
    for (const b of FLAGS.slice(i + 1)) {
      const limiting = SPEC_CAPS[a] <= SPEC_CAPS[b] ? a : b;
      pairs.push([a, b, SPEC_CAPS[limiting], limiting]);
    }
  }
  it("covers all 6 pairs", () => expect(pairs).toHaveLength(6));
  it.each(pairs)("%s + %s → max %i limited by %s (either order)", (a, b, max, limiting) => {
    expect(effectiveCap([a, b])).toEqual({ max, limitingFlag: limiting });
    expect(effectiveCap([b, a])).toEqual({ max, limitingFlag: limiting });
  });

  it("the spec's example: blockquote + summary → 25", () => {
    expect(effectiveCap(["blockquote", "summary"])).toEqual({ max: 25, limitingFlag: "summary" });
  });
  it("repeated flags count once", () => {
    expect(effectiveCap(["metadata", "metadata"])).toEqual({ max: 100, limitingFlag: "metadata" });
  });
});

describe("limit against the cap, through validateRequest", () => {
  // Every permitted pair of flags on a listing action: at the cap passes, one above is refused.
  const listingPairs: [Flag, Flag][] = [];
  const listing = ACTION_SPECS.catalog.permittedFlags;
  for (const [i, a] of listing.entries()) for (const b of listing.slice(i + 1)) listingPairs.push([a, b]);

  it.each(listingPairs)("catalog %s + %s: limit at the cap passes, cap+1 is refused", (a, b) => {
    const { max, limitingFlag } = effectiveCap([a, b]);
    const atCap = validateRequest("catalog", { disclosure: [a, b], limit: max });
    expect(atCap.ok && atCap.request.limit).toBe(max);
    const over = validateRequest("catalog", { disclosure: [a, b], limit: max + 1 });
    expect(over).toEqual({ ok: false, error: limitExceedsCapError(max + 1, max, limitingFlag) });
  });

  it.each(listing)("search with %s alone: cap+1 refused with that flag named", (flag) => {
    const max = SPEC_CAPS[flag];
    const r = validateRequest("search", { input: "q", disclosure: [flag], limit: max + 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      error_code: "LIMIT_EXCEEDS_FLAG_CAP",
      max_limit_for_active_flags: max,
      limiting_flag: flag,
      requested_limit: max + 1,
    });
  });

  it("the spec's example, byte for byte: limit 100 with summary", () => {
    const r = validateRequest("catalog", { disclosure: ["summary"], limit: 100 });
    expect(r).toEqual({
      ok: false,
      error: {
        status: "ERROR",
        error_code: "LIMIT_EXCEEDS_FLAG_CAP",
        error_message:
          "limit 100 exceeds the maximum 25 for disclosure flag 'summary'. Paginate with offset, or remove the 'summary' flag.",
        max_limit_for_active_flags: 25,
        limiting_flag: "summary",
        requested_limit: 100,
      },
    });
  });

  it("no flag: 500 passes, 501 is refused with limiting_flag null and a message without a flag", () => {
    expect(validateRequest("catalog", { limit: 500 }).ok).toBe(true);
    const r = validateRequest("catalog", { limit: 501 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual({
      status: "ERROR",
      error_code: "LIMIT_EXCEEDS_FLAG_CAP",
      error_message:
        "limit 501 exceeds the maximum 500 for a response without disclosure flags. Paginate with offset.",
      max_limit_for_active_flags: 500,
      limiting_flag: null,
      requested_limit: 501,
    });
  });
});

describe("limit and offset defaults", () => {
  it.each(["search", "catalog", "preflight"] as const)("%s: limit 25, offset 0 when omitted", (action) => {
    const params = action === "catalog" ? {} : { input: "x" };
    const r = validateRequest(action, params);
    expect(r.ok && [r.request.limit, r.request.offset]).toEqual([25, 0]);
  });
  it.each(["get", "resolve"] as const)("%s: one entry (limit 1, offset 0)", (action) => {
    const r = validateRequest(action, { input: "klappy://canon/x" });
    expect(r.ok && [r.request.limit, r.request.offset]).toEqual([1, 0]);
  });
  it.each(FLAGS.filter((f) => f !== "body"))("default limit with %s is within its cap", (flag) => {
    expect(defaultLimitFor([flag])).toBe(Math.min(DEFAULT_LIMIT, SPEC_CAPS[flag]));
  });
  it("the default limit never exceeds the cap in force (body: 1)", () => {
    expect(defaultLimitFor(["body"])).toBe(1);
  });
});

describe("describeCaps", () => {
  it("lists the no-flag cap and each flag's cap, in canonical order", () => {
    expect(describeCaps()).toBe("no flag 500, blockquote 200, metadata 100, summary 25, body 1");
    expect(describeCaps(["summary", "blockquote"])).toBe("no flag 500, blockquote 200, summary 25");
  });
});
