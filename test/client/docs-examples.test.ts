/**
 * docs/client.md stays true: every `ts` example on the page runs here as
 * written, with its `oddkit-sdk` and `oddkit-sdk/server` imports pointed at
 * the source. Each example asserts what it shows, so a drift fails here.
 */
import { describe, expect, it } from "vitest";
import { exampleRunner, tsExamples } from "../support/doc-examples.js";

const blocks = tsExamples("docs/client.md");
const runExample = exampleRunner("client-docs-", ["oddkit-sdk", "oddkit-sdk/server", "oddkit-sdk/tokens"]);

describe("docs/client.md examples run as written", () => {
  it("the page has an example for each part of the client", () => {
    expect(blocks.map((b) => b.heading)).toEqual([
      "Quick start",
      "Errors",
      "Errors",
      "Pagination",
      "Revision-keyed revalidation",
      "Token accounting",
    ]);
  });

  it.each(blocks.map((b, i) => [b.heading, i, b.code] as const))("%s (example %i)", async (_, i, code) => {
    await runExample(i, code);
  });
});
