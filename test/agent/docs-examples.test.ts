/**
 * docs/agents.md stays true: every `ts` example on the page runs here as
 * written (imports pointed at the source); each asserts what it shows.
 */
import { describe, it } from "vitest";
import { exampleRunner, tsExamples } from "../support/doc-examples.js";

const blocks = tsExamples("docs/agents.md");
const runExample = exampleRunner("agents-docs-", [
  "oddkit-sdk/agent",
  "oddkit-sdk",
  "oddkit-sdk/server",
  "@oddkit-sdk/codemod/mcp",
]);

describe("docs/agents.md examples run as written", () => {
  it.each(blocks.map((b, i) => [b.heading, i, b.code] as const))(
    "%s (example %i)",
    async (_, i, code) => {
      await runExample(i, code);
    },
    120_000,
  ); // each example loads the bundled corpus and the tokenizer from cold: slow on a busy machine
});
