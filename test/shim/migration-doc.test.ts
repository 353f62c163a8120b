/**
 * MIGRATION.md stays true: every `ts` example on the page runs here as
 * written, with its `oddkit-sdk`, `oddkit-sdk/server` and `oddkit-sdk/shim`
 * imports pointed at the source. Each example asserts what it shows.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { resetLegacyUsage } from "../../src/shim/deprecation.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const doc = readFileSync(join(ROOT, "MIGRATION.md"), "utf8");
const IMPORTS: Record<string, string> = {
  '"oddkit-sdk"': JSON.stringify(join(ROOT, "src/index.ts")),
  '"oddkit-sdk/server"': JSON.stringify(join(ROOT, "src/server/index.ts")),
  '"oddkit-sdk/shim"': JSON.stringify(join(ROOT, "src/shim/index.ts")),
};

/** The `ts` fenced blocks of the page, with the heading each sits under. */
function examples(markdown: string): { heading: string; code: string }[] {
  const out: { heading: string; code: string }[] = [];
  let heading = "(top)";
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (/^#{2,3} /.test(line)) heading = line.replace(/^#+ /, "");
    if (line.trim() === "```ts") {
      const end = lines.indexOf("```", i + 1);
      if (end < 0) throw new Error(`unclosed ts block after line ${i + 1} of MIGRATION.md`);
      out.push({ heading, code: lines.slice(i + 1, end).join("\n") });
      i = end;
    }
  }
  return out;
}

const blocks = examples(doc);
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".tmp", "migration-docs-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  resetLegacyUsage();
});

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
    let source = code;
    for (const [from, to] of Object.entries(IMPORTS)) source = source.replaceAll(from, to);
    expect(source).not.toMatch(/from "oddkit-sdk/);
    const file = join(dir, `example-${i}.ts`);
    writeFileSync(file, source);
    await import(pathToFileURL(file).href);
  });
});
