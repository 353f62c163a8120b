/**
 * docs/client.md stays true: every `ts` example on the page runs here as
 * written, with its `oddkit-sdk` and `oddkit-sdk/server` imports pointed at
 * the source. Each example asserts what it shows, so a drift fails here.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const doc = readFileSync(join(ROOT, "docs/client.md"), "utf8");
const IMPORTS: Record<string, string> = {
  '"oddkit-sdk"': JSON.stringify(join(ROOT, "src/index.ts")),
  '"oddkit-sdk/server"': JSON.stringify(join(ROOT, "src/server/index.ts")),
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
      if (end < 0) throw new Error(`unclosed ts block after line ${i + 1} of docs/client.md`);
      out.push({ heading, code: lines.slice(i + 1, end).join("\n") });
      i = end;
    }
  }
  return out;
}

const blocks = examples(doc);
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".tmp", "client-docs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    let source = code;
    for (const [from, to] of Object.entries(IMPORTS)) source = source.replaceAll(from, to);
    expect(source).not.toMatch(/from "oddkit-sdk/);
    const file = join(dir, `example-${i}.ts`);
    writeFileSync(file, source);
    // Each assertion in the example throws on a mismatch, failing this test.
    await import(pathToFileURL(file).href);
  });
});
