/**
 * Every transform against its fixtures in codemods/__testfixtures__/<transform>/:
 * `<case>.input.<ext>` becomes `<case>.output.<ext>`, or stays untouched
 * (the transform returns undefined) when there is no output file. Each
 * expected output parses, is a fixed point (feeding it back changes nothing),
 * and the TypeScript ones typecheck against the SDK's types.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TRANSFORMS } from "../../codemods/index.js";
import { jscodeshiftFor } from "../../src/migrate/parser.js";
import { typecheck } from "./typecheck.js";

const FIXTURES = resolve(import.meta.dirname, "../../codemods/__testfixtures__");

function run(transformName: string, path: string, source: string): string | undefined {
  const transform = TRANSFORMS.find((t) => t.name === transformName)?.run;
  if (!transform) throw new Error(`no transform ${transformName}`);
  const j = jscodeshiftFor(path);
  return transform({ path, source }, { jscodeshift: j, j, stats: () => {}, report: () => {} }, {});
}

const transformDirs = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory());
const outputs: string[] = [];

describe.each(transformDirs.map((d) => d.name))("%s", (transformName) => {
  const dir = join(FIXTURES, transformName);
  const inputs = readdirSync(dir).filter((f) => f.includes(".input."));

  it.each(inputs)("%s", (input) => {
    const inputPath = join(dir, input);
    const outputPath = join(dir, input.replace(".input.", ".output."));
    const source = readFileSync(inputPath, "utf8");
    const actual = run(transformName, inputPath, source);
    if (!existsSync(outputPath)) {
      expect(actual, "no output fixture: the transform must leave the file alone").toBeUndefined();
      return;
    }
    const expected = readFileSync(outputPath, "utf8");
    expect(actual).toBe(expected);
    // The expected output parses with the file's own parser…
    expect(() => jscodeshiftFor(outputPath)(expected)).not.toThrow();
    // …and is a fixed point: a second run changes nothing.
    expect(run(transformName, outputPath, expected)).toBeUndefined();
    // File-header comments survive.
    const header = source.match(/^(\/\/[^\n]*|\/\*\*[\s\S]*?\*\/)/)?.[0];
    if (header) expect(expected.startsWith(header) || expected.includes(`\n${header}`)).toBe(true);
  });

  for (const f of readdirSync(dir)) if (/\.output\.tsx?$/.test(f)) outputs.push(join(dir, f));
});

describe("expected outputs", () => {
  it("typecheck against the SDK's types (oddkit-sdk → src/index.ts)", () => {
    expect(outputs.length).toBeGreaterThan(5);
    expect(typecheck([...outputs, join(FIXTURES, "env.d.ts")])).toEqual([]);
  });
});
