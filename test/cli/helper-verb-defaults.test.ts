/**
 * A helper verb's --help states the row's own defaults: `session-history`
 * lists journals, not the default include; `global-search` names its page
 * size. Listing verbs return the whole listing, so they take no --limit or
 * --offset, and their --max-entries names the helpers' bound.
 */
import { describe, expect, it } from "vitest";
import { useCaseParamFlags } from "../../src/cli/commands/helpers.js";
import { main } from "../../src/cli/main.js";
import { HELPER_MAX_ENTRIES, USE_CASE_ROWS } from "../../src/helpers/index.js";

function flagsOf(id: string) {
  const row = USE_CASE_ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`no use case ${id}`);
  return useCaseParamFlags(row);
}

function flagHelp(id: string, param: string): string {
  const flag = flagsOf(id).find((f) => f.param === param);
  if (!flag) throw new Error(`${id} has no --${param} flag`);
  return flag.description;
}

describe("helper verb flag defaults", () => {
  it("a filter the row sets names the row's value", () => {
    const help = flagHelp("session-history", "include");
    expect(help).toContain("Default for this verb: journals.");
    expect(help).not.toContain("(default canon, docs, essays)");
  });

  it("a parameter the row leaves alone keeps the action's description", () => {
    expect(flagHelp("essays-index", "tags")).toBe(flagHelp("canon-governance-index", "tags"));
    expect(flagHelp("essays-index", "tags")).not.toContain("Default for this verb");
    expect(flagHelp("canon-governance-index", "include")).not.toContain("Default for this verb");
  });

  it("listing verbs return whole listings: no --limit or --offset; search verbs keep theirs", () => {
    for (const row of USE_CASE_ROWS.filter((r) => r.paginate)) {
      const params = flagsOf(row.id).map((f) => f.param);
      expect(params, row.id).not.toContain("limit");
      expect(params, row.id).not.toContain("offset");
    }
    expect(flagHelp("global-search", "limit")).toMatch(/Default for this verb: \d+\./);
    expect(flagHelp("global-search", "offset")).toContain("(default 0)");
  });

  it("--max-entries of a listing verb names the helpers' bound", async () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: () => {}, isTTY: false, cwd: process.cwd() };
    expect(await main(["sitemap", "--help"], io)).toBe(0);
    const help = out.join("").replace(/\s+/g, " ");
    expect(help).toContain(
      `--max-entries <n> Upper bound on entries collected (default ${HELPER_MAX_ENTRIES})`,
    );
    expect(help).not.toMatch(/--limit\b/);
  });
});
