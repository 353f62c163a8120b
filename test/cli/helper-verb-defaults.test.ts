/**
 * A helper verb's --help states the row's own defaults: `essays-index` pages
 * 100 documents, not the action's 25, and `session-history` lists journals,
 * not the default include.
 */
import { describe, expect, it } from "vitest";
import { useCaseParamFlags } from "../../src/cli/commands/helpers.js";
import { main } from "../../src/cli/main.js";
import { DEFAULT_MAX_ENTRIES, USE_CASE_ROWS } from "../../src/index.js";

function flagHelp(id: string, param: string): string {
  const row = USE_CASE_ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`no use case ${id}`);
  const flag = useCaseParamFlags(row).find((f) => f.param === param);
  if (!flag) throw new Error(`${id} has no --${param} flag`);
  return flag.description;
}

describe("helper verb flag defaults", () => {
  it("--limit names the row's page size, not the action's default", () => {
    const help = flagHelp("essays-index", "limit");
    expect(help).toContain("Default for this verb: 100.");
    expect(help).not.toContain("(default 25)");
  });

  it("a filter the row sets names the row's value", () => {
    const help = flagHelp("session-history", "include");
    expect(help).toContain("Default for this verb: journals.");
    expect(help).not.toContain("(default canon, docs, essays)");
  });

  it("a parameter the row leaves alone keeps the action's description", () => {
    expect(flagHelp("essays-index", "offset")).toBe(flagHelp("canon-governance-index", "offset"));
    expect(flagHelp("essays-index", "offset")).not.toContain("Default for this verb");
  });

  it("--max-entries of a paginated verb names the client's default bound", async () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: () => {}, isTTY: false, cwd: process.cwd() };
    expect(await main(["sitemap", "--help"], io)).toBe(0);
    const help = out.join("").replace(/\s+/g, " ");
    expect(help).toContain(
      `--max-entries <n> Upper bound on entries collected (default ${DEFAULT_MAX_ENTRIES})`,
    );
    expect(DEFAULT_MAX_ENTRIES).toBe(100_000);
  });
});
