/**
 * The client entry's size budget (issue 16: ≤ 60 KB minified + gzipped, no
 * tokenizer). Size is a property of the build, not of the clock, so this is
 * a test; when it fails, its message lists the largest contributors from
 * esbuild's metafile, which is where to cut.
 */
import { describe, expect, it } from "vitest";
import { budgetVerdict, ENTRY_BUDGET_BYTES, measureEntry } from "../../scripts/entry-size.js";

describe("client entry size budget", () => {
  it(`stays within ${ENTRY_BUDGET_BYTES / 1024} KB minified + gzipped, with no tokenizer and no Node built-in`, async () => {
    const size = await measureEntry();
    const verdict = budgetVerdict(size);
    expect(verdict.met, verdict.message).toBe(true);
    expect(size.nodeImports).toEqual([]);
    // Token counting is opt-in (oddkit-sdk/tokens): not even a lazy chunk of it here.
    expect(size.modules.filter((m) => /gpt-tokenizer/.test(m.name))).toEqual([]);
    expect(size.lazyGzipped).toEqual([]);
  });

  it("a broken budget fails with the size, the budget and the top contributors named", async () => {
    const size = await measureEntry();
    const verdict = budgetVerdict(size, 1024);
    expect(verdict.met).toBe(false);
    expect(verdict.message).toMatch(/budget ≤ 1\.0 KB: NOT met/);
    // The biggest package and module are named, largest first.
    expect(verdict.message).toContain(size.packages[0]!.name);
    expect(verdict.message).toContain(size.modules[0]!.name);
    expect(size.packages[0]!.bytes).toBeGreaterThanOrEqual(size.packages[1]!.bytes);
  });
});
