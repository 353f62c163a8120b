import { describe, expect, it } from "vitest";
import { TRANSFORM_NAMES } from "../../codemods/index.js";
import { LEGACY_USE_CODEMODS } from "../../src/shim/codemods.js";

describe("deprecation warnings name real codemods", () => {
  it("every codemod a warning names is a shipped transform", () => {
    for (const codemod of Object.values(LEGACY_USE_CODEMODS)) expect(TRANSFORM_NAMES).toContain(codemod);
  });
});
