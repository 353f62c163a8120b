/**
 * Derived, not copied: changing a cap or a permitted flag in the contract
 * core's one table changes every consumer of it inside the core — the
 * effective cap, request validation, the error envelopes, the published
 * input schema and the compliance checks.
 *
 * Each test loads a fresh copy of the core (vi.resetModules), edits the table
 * module first, then loads everything that depends on it, exactly as if the
 * source line had been edited.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Flag } from "../../src/contract/index.js";

afterEach(() => {
  vi.resetModules();
});

async function coreWith(
  edit: (tables: {
    caps: typeof import("../../src/contract/caps.js");
    actions: typeof import("../../src/contract/actions.js");
  }) => void,
) {
  vi.resetModules();
  const caps = await import("../../src/contract/caps.js");
  const actions = await import("../../src/contract/actions.js");
  edit({ caps, actions });
  return import("../../src/contract/index.js");
}

describe("changing one cap (summary 25 → 10) in FLAG_CAPS", () => {
  it("moves the effective cap, validation, the error, the default limit, the schema text and check 7", async () => {
    const core = await coreWith(({ caps }) => {
      (caps.FLAG_CAPS as Record<Flag, number>).summary = 10;
    });
    expect(core.effectiveCap(["blockquote", "summary"])).toEqual({ max: 10, limitingFlag: "summary" });

    const over = core.validateRequest("catalog", { disclosure: ["summary"], limit: 11 });
    expect(over.ok ? null : over.error).toEqual(core.limitExceedsCapError(11, 10, "summary"));
    expect(over.ok ? "" : over.error.error_message).toBe(
      "limit 11 exceeds the maximum 10 for disclosure flag 'summary'. Paginate with offset, or remove the 'summary' flag.",
    );
    expect(core.validateRequest("catalog", { disclosure: ["summary"], limit: 10 }).ok).toBe(true);

    // A request without a limit is never refused for a limit it did not choose.
    const defaulted = core.validateRequest("search", { input: "q", disclosure: ["summary"] });
    expect(defaulted.ok && defaulted.request.limit).toBe(10);

    const description = core.inputJsonSchema("catalog").properties.limit?.description;
    expect(description).toContain("summary 10");
    expect(description).not.toContain("summary 25");

    const answered = {
      status: "FOUND",
      data: [],
      total: 0,
      limit: 11,
      offset: 0,
      disclosure_applied: ["summary"],
      filters_applied: { include: core.DEFAULT_INCLUDE },
    };
    const violations = core.checkCompliance(
      { action: "catalog", params: { disclosure: ["summary"], limit: 11 } },
      answered,
    );
    expect(violations.map((v) => v.check)).toEqual([7]);
  });

  it("the untouched core still says 25 (the edit was local to that load)", async () => {
    const core = await coreWith(() => {});
    expect(core.effectiveCap(["summary"]).max).toBe(25);
  });
});

describe("changing one permitted-flag set (catalog drops summary) in ACTION_SPECS", () => {
  it("moves validation, the refusal's permitted_flags and wording, the schema text and check 6", async () => {
    const core = await coreWith(({ actions }) => {
      (actions.ACTION_SPECS.catalog as { permittedFlags: readonly Flag[] }).permittedFlags = [
        "blockquote",
        "metadata",
      ];
    });
    expect(core.permittedFlags("catalog")).toEqual(["blockquote", "metadata"]);
    expect(core.permittedFlags("search")).toEqual(["blockquote", "metadata", "summary"]);

    const refused = core.validateRequest("catalog", { disclosure: ["summary"] });
    expect(refused.ok ? null : refused.error).toMatchObject({
      error_code: "DISCLOSURE_FLAG_NOT_PERMITTED",
      requested_flag: "summary",
      permitted_flags: ["blockquote", "metadata"],
      action: "catalog",
    });
    expect(refused.ok ? "" : refused.error.error_message).toContain(
      "Permitted flags on catalog: blockquote, metadata.",
    );

    const schema = core.inputJsonSchema("catalog");
    expect(schema.properties.disclosure?.description).toContain(
      "Permitted on catalog: blockquote, metadata.",
    );
    expect(schema.properties.limit?.description).not.toContain("summary");

    const answered = {
      status: "NO_MATCH",
      data: [],
      total: 0,
      limit: 25,
      offset: 0,
      disclosure_applied: ["summary"],
      filters_applied: { include: core.DEFAULT_INCLUDE },
    };
    const violations = core.checkCompliance(
      { action: "catalog", params: { disclosure: ["summary"] } },
      answered,
    );
    expect(violations.map((v) => v.check)).toEqual([6]);
  });
});

describe("changing a default disclosure (get defaults to summary) in ACTION_SPECS", () => {
  it("moves the resolved disclosure and the JSON Schema default", async () => {
    const core = await coreWith(({ actions }) => {
      (actions.ACTION_SPECS.get as { defaultDisclosure: readonly Flag[] }).defaultDisclosure = ["summary"];
    });
    const r = core.validateRequest("get", { input: "klappy://docs/a" });
    expect(r.ok && r.request.disclosure).toEqual(["summary"]);
    expect(core.inputJsonSchema("get").properties.disclosure?.default).toEqual(["summary"]);
  });
});
