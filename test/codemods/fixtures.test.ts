/**
 * Every transform against its fixtures in codemods/__testfixtures__/<transform>/:
 * `<case>.input.<ext>` becomes `<case>.output.<ext>`, or stays untouched
 * (the transform returns undefined) when there is no output file. Each
 * expected output parses, is a fixed point (feeding it back changes nothing),
 * and the TypeScript ones typecheck against the SDK's types.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TRANSFORMS } from "../../codemods/index.js";
import { jscodeshiftFor } from "../../codemods/migrate/parser.js";
import { transformProject } from "../../codemods/response-types.js";
import { typecheck } from "./typecheck.js";

const FIXTURES = resolve(import.meta.dirname, "../../codemods/__testfixtures__");

function run(transformName: string, path: string, source: string): string | undefined {
  const transform = TRANSFORMS.find((t) => t.name === transformName)?.run;
  if (!transform) throw new Error(`no transform ${transformName}`);
  const j = jscodeshiftFor(path);
  return transform({ path, source }, { jscodeshift: j, j, stats: () => {}, report: () => {} }, {});
}

const PROJECT_TRANSFORMS = new Set(TRANSFORMS.filter((t) => t.kind === "ts-morph").map((t) => t.name));
const transformDirs = readdirSync(FIXTURES, { withFileTypes: true }).filter(
  (d) => d.isDirectory() && !PROJECT_TRANSFORMS.has(d.name),
);
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

/**
 * The project-wide transform (`response-types`): each case is a folder of
 * files that import each other (`wrapper.input.ts` is the file `wrapper.ts`).
 */
describe("response-types (project-wide, ts-morph)", () => {
  const base = join(FIXTURES, "response-types");
  const cases = readdirSync(base);

  it.each(cases)("%s", async (name) => {
    const dir = join(base, name);
    const inputs = readdirSync(dir).filter((f) => f.includes(".input."));
    const virtual = (f: string) => `/${name}/${f.replace(/\.(input|output)\./, ".")}`;
    const files = inputs.map((f) => ({ path: virtual(f), source: readFileSync(join(dir, f), "utf8") }));
    const changed = transformProject(files);
    const expected = inputs.map((f) => {
      const out = join(dir, f.replace(".input.", ".output."));
      return { path: virtual(f), source: existsSync(out) ? readFileSync(out, "utf8") : undefined };
    });
    for (const e of expected) expect(changed.get(e.path), e.path).toBe(e.source);
    // Fixed point: the expected outputs (or untouched inputs) change nothing.
    const after = expected.map((e, i) => ({
      path: e.path,
      source: e.source ?? (files[i]?.source as string),
    }));
    expect(transformProject(after).size).toBe(0);
    // The outputs typecheck together against the SDK's types.
    const tmp = await mkdtemp(join(tmpdir(), "response-types-"));
    try {
      for (const f of after) writeFileSync(join(tmp, f.path.split("/").pop() as string), f.source);
      expect(typecheck(readdirSync(tmp).map((f) => join(tmp, f)))).toEqual([]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
