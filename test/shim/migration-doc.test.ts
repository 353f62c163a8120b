/**
 * MIGRATION.md stays true: every `ts` example on the page runs here as
 * written, with its `oddkit-sdk`, `oddkit-sdk/server` and `oddkit-sdk/shim`
 * imports pointed at the source. Each example asserts what it shows.
 */
import { afterAll, describe, expect, it } from "vitest";
import { resetLegacyUsage } from "../../src/shim/deprecation.js";
import { exampleRunner, tsExamples } from "../support/doc-examples.js";

const blocks = tsExamples("MIGRATION.md");
const runExample = exampleRunner("migration-docs-", ["oddkit-sdk", "oddkit-sdk/server", "oddkit-sdk/shim"]);
afterAll(() => resetLegacyUsage());

describe("MIGRATION.md examples run as written", () => {
  it("has an example for each shim section", () => {
    const headings = blocks.map((b) => b.heading);
    for (const section of [
      "Eras",
      "Forward shim",
      "Backward shim",
      "Window responses",
      "Legacy policy",
      "Proxy",
    ]) {
      expect(headings).toContain(section);
    }
  });

  it.each(blocks.map((b, i) => [b.heading, i, b.code] as const))("%s (example %i)", async (_, i, code) => {
    await runExample(i, code);
  });
});
