/**
 * docs/contract.md stays true: every `ts` example on the page runs here as
 * written (its `oddkit-sdk/contract` import pointed at the source), and the
 * generated "Input schemas" section equals what scripts/print-schemas.ts
 * prints today.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  CONTRACT_DOC_PATH,
  committedSchemasSection,
  renderSchemasSection,
} from "../../scripts/print-schemas.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CORE = join(ROOT, "src/contract/index.ts");
const doc = readFileSync(CONTRACT_DOC_PATH, "utf8");

/** The `ts` fenced blocks of the page, with the heading each sits under. */
function examples(markdown: string): { heading: string; code: string }[] {
  const out: { heading: string; code: string }[] = [];
  let heading = "(top)";
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.startsWith("## ")) heading = line.slice(3);
    if (line.trim() === "```ts") {
      const end = lines.indexOf("```", i + 1);
      if (end < 0) throw new Error(`unclosed ts block after line ${i + 1} of docs/contract.md`);
      out.push({ heading, code: lines.slice(i + 1, end).join("\n") });
      i = end;
    }
  }
  return out;
}

const blocks = examples(doc);
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".tmp", "docs-examples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    const file = join(dir, `example-${i}.ts`);
    writeFileSync(file, code.replaceAll('"oddkit-sdk/contract"', JSON.stringify(CORE)));
    // Each assertion in the example throws on a mismatch, failing this test.
    await import(pathToFileURL(file).href);
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
