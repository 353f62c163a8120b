/**
 * Which flags each action permits, what an action discloses by default (and
 * that the default is declared in its published input schema), and the exact
 * refusal of a flag an action does not permit.
 */
import { describe, expect, it } from "vitest";
import {
  ACTION_SPECS,
  ACTIONS,
  type Action,
  FLAGS,
  flagNotPermittedError,
  inputJsonSchema,
  isFlagPermitted,
  permittedFlags,
  resolveDisclosure,
  validateRequest,
} from "../../src/contract/index.js";

/** The spec's action table, restated on purpose as the expected values. */
const SPEC: Record<Action, { permitted: string[]; defaults: string[] }> = {
  search: { permitted: ["blockquote", "metadata", "summary"], defaults: [] },
  catalog: { permitted: ["blockquote", "metadata", "summary"], defaults: [] },
  preflight: { permitted: ["blockquote", "metadata", "summary"], defaults: [] },
  get: { permitted: ["blockquote", "metadata", "summary", "body"], defaults: ["body"] },
  resolve: { permitted: ["blockquote", "metadata", "summary", "body"], defaults: ["body"] },
};

/** Minimal valid parameters of each action (its required `input`, if any). */
const BASE: Record<Action, Record<string, unknown>> = {
  search: { input: "epistemic" },
  catalog: {},
  preflight: { input: "write a post" },
  get: { input: "klappy://canon/one" },
  resolve: { input: "klappy://canon/one" },
};

describe.each(ACTIONS)("%s", (action) => {
  const spec = SPEC[action];

  it("permits exactly the spec's flags", () => {
    expect([...permittedFlags(action)]).toEqual(spec.permitted);
    for (const flag of FLAGS) expect(isFlagPermitted(action, flag)).toBe(spec.permitted.includes(flag));
  });

  it(`defaults to disclosure ${JSON.stringify(spec.defaults)}`, () => {
    expect(resolveDisclosure(action, undefined)).toEqual(spec.defaults);
    const r = validateRequest(action, BASE[action]);
    expect(r.ok && r.request.disclosure).toEqual(spec.defaults);
  });

  it("declares that default as JSON Schema `default` of `disclosure` in its input schema", () => {
    const schema = inputJsonSchema(action);
    expect(schema.properties.disclosure?.default).toEqual(spec.defaults);
    expect(schema.properties.disclosure?.type).toBe("array");
  });

  it("an explicit empty disclosure is honoured, not replaced by the default", () => {
    const r = validateRequest(action, { ...BASE[action], disclosure: [] });
    expect(r.ok && r.request.disclosure).toEqual([]);
  });

  it.each(spec.permitted)("accepts %s", (flag) => {
    const r = validateRequest(action, { ...BASE[action], disclosure: [flag] });
    expect(r.ok && r.request.disclosure).toEqual([flag]);
  });

  const forbidden = FLAGS.filter((f) => !spec.permitted.includes(f));
  if (forbidden.length > 0) {
    it.each(forbidden)(
      "refuses %s with DISCLOSURE_FLAG_NOT_PERMITTED and every field of the spec",
      (flag) => {
        const r = validateRequest(action, { ...BASE[action], disclosure: ["blockquote", flag] });
        expect(r).toEqual({ ok: false, error: flagNotPermittedError(action, flag) });
        if (r.ok) return;
        expect(r.error).toEqual({
          status: "ERROR",
          error_code: "DISCLOSURE_FLAG_NOT_PERMITTED",
          error_message: `disclosure flag '${flag}' is not permitted on action '${action}'. Use get with a URI for full-body retrieval. Permitted flags on ${action}: ${spec.permitted.join(", ")}.`,
          requested_flag: flag,
          permitted_flags: spec.permitted,
          action,
        });
      },
    );
  }

  it.each(["bogus", "Body", "full", ""])(
    "refuses the unknown flag string %j, naming the real flags",
    (flag) => {
      const r = validateRequest(action, { ...BASE[action], disclosure: [flag] });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toEqual({
        status: "ERROR",
        error_code: "DISCLOSURE_FLAG_NOT_PERMITTED",
        error_message: `disclosure flag '${flag}' is not permitted on action '${action}'. '${flag}' is not a disclosure flag at all (flags are blockquote, metadata, summary, body). Permitted flags on ${action}: ${spec.permitted.join(", ")}.`,
        requested_flag: flag,
        permitted_flags: spec.permitted,
        action,
      });
    },
  );
});

describe("the spec's example refusal, byte for byte", () => {
  it("body on catalog", () => {
    expect(validateRequest("catalog", { disclosure: ["body"] })).toEqual({
      ok: false,
      error: {
        status: "ERROR",
        error_code: "DISCLOSURE_FLAG_NOT_PERMITTED",
        error_message:
          "disclosure flag 'body' is not permitted on action 'catalog'. Use get with a URI for full-body retrieval. Permitted flags on catalog: blockquote, metadata, summary.",
        requested_flag: "body",
        permitted_flags: ["blockquote", "metadata", "summary"],
        action: "catalog",
      },
    });
  });
  it("a forbidden flag passed as a bare string still gets the flag refusal, not a shape error", () => {
    const r = validateRequest("search", { input: "x", disclosure: "body" });
    expect(!r.ok && r.error.error_code).toBe("DISCLOSURE_FLAG_NOT_PERMITTED");
  });
  it("the flag refusal comes before the limit check (body + a huge limit on search)", () => {
    const r = validateRequest("search", { input: "x", disclosure: ["body"], limit: 10_000 });
    expect(!r.ok && r.error.error_code).toBe("DISCLOSURE_FLAG_NOT_PERMITTED");
  });
});

describe("resolved disclosure", () => {
  it("deduplicates and puts flags in canonical order", () => {
    expect(resolveDisclosure("get", ["body", "summary", "body", "blockquote"])).toEqual([
      "blockquote",
      "summary",
      "body",
    ]);
  });
  it("is echoed by validateRequest in the same canonical form", () => {
    const r = validateRequest("search", { input: "q", disclosure: ["summary", "metadata", "summary"] });
    expect(r.ok && r.request.disclosure).toEqual(["metadata", "summary"]);
  });
  it("every action declares its default once, in ACTION_SPECS", () => {
    for (const action of ACTIONS) {
      expect([...ACTION_SPECS[action].defaultDisclosure]).toEqual(SPEC[action].defaults);
    }
  });
});
