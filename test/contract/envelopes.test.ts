/**
 * Entry and envelope schemas: the floor, the action-native fields and the
 * union of the requested flags' fields — nothing more, nothing less — and the
 * error envelopes parsed by one discriminated schema.
 */
import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  type Action,
  allowedEntryFields,
  ErrorEnvelopeSchema,
  entrySchema,
  FLAGS,
  type Flag,
  flagNotPermittedError,
  invalidParamsError,
  isErrorEnvelope,
  LEGACY_OPT_IN_PARAM,
  LEGACY_RESULT_FIELDS,
  LEGACY_WINDOW_MAX_MINORS,
  LEGACY_WINDOW_MINORS,
  limitExceedsCapError,
  nativeFields,
  notFoundError,
  permittedFlags,
  projectEntry,
  resultSchema,
  supersessionError,
  validateRequest,
} from "../../src/contract/index.js";

/** The spec's action-native fields (plus this project's catalog `position` and preflight `role`). */
const NATIVE: Record<Action, Record<string, unknown>> = {
  search: { score: 0.5, snippet: "…matched…" },
  catalog: { position: 1 },
  preflight: { role: "constraint" },
  get: { content_hash: "abc123" },
  resolve: { content_hash: "abc123", supersession_chain: [{ uri: "klappy://docs/old" }] },
};
const FLAG_VALUES: Record<Flag, unknown> = {
  blockquote: "What it is about.",
  metadata: { title: "A", tags: ["x"] },
  summary: null,
  body: "# A\n\nText.",
};

/** Every subset of a flag list (small: at most 16). */
function subsets(flags: readonly Flag[]): Flag[][] {
  return flags.reduce<Flag[][]>((acc, f) => acc.concat(acc.map((s) => [...s, f])), [[]]);
}

const CASES = ACTIONS.flatMap((action) =>
  subsets(permittedFlags(action)).map((flags) => [action, flags] as const),
);

describe.each(CASES)("%s at disclosure %j", (action, flags) => {
  const entry = {
    uri: "klappy://docs/a",
    title: "A",
    ...NATIVE[action],
    ...Object.fromEntries(flags.map((f) => [f, FLAG_VALUES[f]])),
  };
  it("accepts floor + native fields + exactly the flags' fields", () => {
    expect(entrySchema(action, flags).safeParse(entry).success).toBe(true);
    expect(allowedEntryFields(action, flags).sort()).toEqual(Object.keys(entry).sort());
  });
  it("refuses any other flag's field", () => {
    for (const other of FLAGS.filter((f) => !flags.includes(f))) {
      expect(entrySchema(action, flags).safeParse({ ...entry, [other]: FLAG_VALUES[other] }).success).toBe(
        false,
      );
    }
  });
  it("refuses an entry missing the floor or a native field", () => {
    for (const key of ["uri", "title", ...nativeFields(action)]) {
      const { [key]: _, ...rest } = entry as Record<string, unknown>;
      expect(entrySchema(action, flags).safeParse(rest).success).toBe(false);
    }
  });
  it("projectEntry keeps exactly the allowed fields of a full record", () => {
    const full = { ...entry, ...FLAG_VALUES, path: "docs/a.md", tags: [] };
    expect(projectEntry(action, flags, full)).toEqual(entry);
  });
});

describe("result envelopes", () => {
  const catalogResult = {
    status: "FOUND",
    data: [{ uri: "klappy://docs/a", title: "A", position: 1 }],
    total: 1,
    limit: 25,
    offset: 0,
    disclosure_applied: [],
    filters_applied: { include: ["canon", "docs", "essays"] },
  };
  it("a compliant catalog result parses", () => {
    expect(resultSchema("catalog", []).safeParse(catalogResult).success).toBe(true);
  });
  it.each(["categories", "start_here", "baseline_total", "articles"])(
    "a result with %s is refused",
    (field) => {
      expect(resultSchema("catalog", []).safeParse({ ...catalogResult, [field]: [] }).success).toBe(false);
    },
  );
  it("filters_applied must carry include", () => {
    expect(resultSchema("catalog", []).safeParse({ ...catalogResult, filters_applied: {} }).success).toBe(
      false,
    );
  });
  it("in the legacy window, exactly the listed legacy fields may ride beside the contract ones", () => {
    const legacy = Object.fromEntries(LEGACY_RESULT_FIELDS.catalog.map((k) => [k, k === "total" ? 1 : []]));
    const schema = resultSchema("catalog", [], { legacyEnvelope: true });
    expect(schema.safeParse({ ...catalogResult, ...legacy }).success).toBe(true);
    expect(schema.safeParse({ ...catalogResult, hits: [] }).success).toBe(false);
  });
  it("a get result carries one entry", () => {
    const data = { uri: "klappy://docs/a", title: "A", content_hash: "h", body: "text" };
    expect(
      resultSchema("get", ["body"]).safeParse({ status: "FOUND", data, disclosure_applied: ["body"] })
        .success,
    ).toBe(true);
    expect(
      resultSchema("get", ["body"]).safeParse({ status: "FOUND", data: [data], disclosure_applied: ["body"] })
        .success,
    ).toBe(false);
  });
});

describe("error envelopes", () => {
  const errors = [
    flagNotPermittedError("search", "body"),
    limitExceedsCapError(100, 25, "summary"),
    invalidParamsError("catalog", [{ param: "tier", message: "expected one of 1, 2, 3, 4" }]),
    notFoundError("get", "klappy://nope"),
    supersessionError("CIRCULAR_SUPERSESSION", "klappy://a", [{ uri: "klappy://b" }, { uri: "klappy://a" }]),
    supersessionError("DANGLING_SUPERSESSION", "klappy://a", [{ uri: "klappy://gone" }]),
  ];
  it.each(errors.map((e) => [e.error_code, e] as const))("%s parses and is recognised", (_, error) => {
    expect(ErrorEnvelopeSchema.parse(error)).toEqual(error);
    expect(isErrorEnvelope(error)).toBe(true);
  });
  it("the two contract errors carry exactly the spec's fields", () => {
    expect(Object.keys(flagNotPermittedError("catalog", "body")).sort()).toEqual(
      ["action", "error_code", "error_message", "permitted_flags", "requested_flag", "status"].sort(),
    );
    expect(Object.keys(limitExceedsCapError(100, 25, "summary")).sort()).toEqual(
      [
        "error_code",
        "error_message",
        "limiting_flag",
        "max_limit_for_active_flags",
        "requested_limit",
        "status",
      ].sort(),
    );
  });
  it("a result is not an error envelope", () => {
    expect(isErrorEnvelope({ status: "FOUND", data: [] })).toBe(false);
    expect(isErrorEnvelope(null)).toBe(false);
  });
});

describe("the legacy envelope window", () => {
  it("is the spec's: opt-in parameter, removed at N+2 minors, N+3 at most", () => {
    expect([LEGACY_OPT_IN_PARAM, LEGACY_WINDOW_MINORS, LEGACY_WINDOW_MAX_MINORS]).toEqual([
      "include_legacy_envelope",
      2,
      3,
    ]);
  });
  it.each(ACTIONS)("%s accepts the opt-in and resolves it to legacyEnvelope", (action) => {
    const base = action === "catalog" ? {} : { input: "klappy://docs/a" };
    const r = validateRequest(action, { ...base, [LEGACY_OPT_IN_PARAM]: true });
    expect(r.ok && r.request.legacyEnvelope).toBe(true);
    const off = validateRequest(action, base);
    expect(off.ok && off.request.legacyEnvelope).toBe(false);
  });
});
