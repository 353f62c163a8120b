/**
 * docs/contract.md stays true: every `ts` example on the page runs here as
 * written (its `oddkit-sdk/contract` import pointed at the source), and the
 * generated "Input schemas" section equals what scripts/print-schemas.ts
 * prints today.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CONTRACT_DOC_PATH,
  committedSchemasSection,
  renderSchemasSection,
} from "../../scripts/print-schemas.js";
import { exampleRunner, tsExamples } from "../support/doc-examples.js";

const doc = readFileSync(CONTRACT_DOC_PATH, "utf8");
const blocks = tsExamples(CONTRACT_DOC_PATH, { headingDepth: 2 });
const runExample = exampleRunner("docs-examples-", ["oddkit-sdk/contract"]);

describe("docs/contract.md examples run as written", () => {
  it("the page has an example for each part of the API", () => {
    expect(blocks.map((b) => b.heading)).toEqual([
      "The action table",
      "Caps",
      "Validating a request",
      "Error envelopes",
      "Kinds",
      "Filters",
      "Entries and results",
      "Input JSON Schemas",
      "Compliance",
    ]);
  });

  it.each(blocks.map((b, i) => [b.heading, i, b.code] as const))("%s (example %i)", async (_, i, code) => {
    expect(code).toContain('from "oddkit-sdk/contract"');
    await runExample(i, code);
  });
});

describe("the generated input-schema section", () => {
  it("equals what scripts/print-schemas.ts prints (run it with --write after changing a schema)", () => {
    expect(committedSchemasSection(doc)).toBe(renderSchemasSection());
  });
  it("shows each action's disclosure default", () => {
    const section = renderSchemasSection();
    expect(section.match(/"default": \["body"\]/g)).toHaveLength(2);
    expect(section.match(/"default": \[\]/g)).toHaveLength(3);
  });
});
