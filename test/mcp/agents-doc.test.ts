/**
 * docs/agents.md's migration session stays true: the block under "Migrating
 * an AI-built app with the MCP tools" calls the tools in the documented
 * rhythm (plan → decide → migrate_file → check) on a Supabase edge function,
 * and runs as written against the tools' source (each step asserts what the
 * agent receives).
 */
import { describe, expect, it } from "vitest";
import { exampleRunner, tsExamples } from "../support/doc-examples.js";

const HEADING = "Migrating an AI-built app with the MCP tools";
const blocks = tsExamples("docs/agents.md").filter((b) => b.heading === HEADING);
const runExample = exampleRunner("agents-mcp-", ["@oddkit-sdk/codemod/mcp"]);

describe("docs/agents.md: the migration session", () => {
  it("is one example, on an edge function, calling plan → migrate_file → check in that order", () => {
    expect(blocks).toHaveLength(1);
    const code = blocks[0]!.code;
    expect(code).toContain('from "https://deno.land/std@0.168.0/http/server.ts"');
    expect(code).toContain('const path = "supabase/functions/');
    const order = ["migrate_plan", "const decisions", "migrate_file", "migrate_check"].map((step) =>
      code.indexOf(`call("${step}"`) >= 0 ? code.indexOf(`call("${step}"`) : code.indexOf(step),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("runs as written", async () => {
    await runExample(0, blocks[0]!.code);
  }, 120_000);
});
