/**
 * AGENTS.md and llms.txt are generated from the code (scripts/gen-agents-doc.ts):
 * the committed files must be what the generator makes now, AGENTS.md's client
 * example must run as written, and every page llms.txt links to must exist.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATION_TOOL_NAMES } from "../../codemods/mcp/server.js";
import { DECISIONS } from "../../codemods/migrate/decisions.js";
import {
  AGENTS_DOC_PATH,
  LLMS_TXT_PATH,
  renderAgentsDoc,
  renderLlmsTxt,
} from "../../scripts/gen-agents-doc.js";
import { ACTION_SPECS, PUBLIC_FILTER_RULE } from "../../src/contract/index.js";
import { USE_CASE_ROWS } from "../../src/helpers/index.js";
import { exampleRunner, ROOT, tsExamples } from "../support/doc-examples.js";

const STALE = "stale: run npx tsx scripts/gen-agents-doc.ts";

describe("AGENTS.md", () => {
  it("is exactly what scripts/gen-agents-doc.ts generates", () => {
    expect(readFileSync(AGENTS_DOC_PATH, "utf8"), STALE).toBe(renderAgentsDoc());
  });

  it("names every action, helper, decision and migration tool, and the public-renderer rule", () => {
    const doc = renderAgentsDoc();
    for (const action of Object.keys(ACTION_SPECS)) expect(doc).toContain(`client.${action}(`);
    for (const row of USE_CASE_ROWS) expect(doc).toContain(`\`${row.functionName}(client`);
    for (const d of Object.values(DECISIONS)) {
      expect(doc).toContain(`- \`${d.name}\`: `);
      for (const v of d.values) expect(doc).toContain(`\`${v.value}\``);
    }
    expect(doc).toContain(PUBLIC_FILTER_RULE);
    for (const tool of MIGRATION_TOOL_NAMES) expect(doc).toContain(`- \`${tool}\` (`);
  });

  const blocks = tsExamples("AGENTS.md");
  const run = exampleRunner("agents-", ["oddkit-sdk", "oddkit-sdk/server"]);
  it("has one client example", () => expect(blocks).toHaveLength(1));
  it.each(blocks.map((b, i) => [i, b.code] as const))("example %i runs as written", async (i, code) => {
    await run(i, code);
  });

  it("is linked from README.md", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toMatch(/\]\(AGENTS\.md\)/);
  });
});

describe("llms.txt", () => {
  it("is exactly what scripts/gen-agents-doc.ts generates", () => {
    expect(readFileSync(LLMS_TXT_PATH, "utf8"), STALE).toBe(renderLlmsTxt());
  });

  it("links only to files of the repository, every doc page among them", () => {
    const links = [...renderLlmsTxt().matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] as string);
    for (const link of links) expect(existsSync(join(ROOT, link)), link).toBe(true);
    expect(links).toContain("docs/client.md");
    expect(links).toContain("AGENTS.md");
  });
});
