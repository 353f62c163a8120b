import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HELPERS_DOC_PATH, renderHelpersDoc } from "../../scripts/gen-helpers-doc.js";
import { USE_CASES } from "../../src/helpers/index.js";

describe("docs/helpers.md", () => {
  it("is exactly what scripts/gen-helpers-doc.ts generates from USE_CASES (run it after editing the table)", () => {
    expect(readFileSync(HELPERS_DOC_PATH, "utf8")).toBe(renderHelpersDoc());
  });

  it("documents every helper under its function name and CLI verb", () => {
    const doc = renderHelpersDoc();
    for (const row of USE_CASES) {
      expect(doc).toContain(`### \`${row.functionName}(client`);
      expect(doc).toContain(`\`oddkit-sdk ${row.cliVerb}\``);
    }
  });
});
