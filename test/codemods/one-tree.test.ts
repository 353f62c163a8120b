/**
 * `migrate` runs the per-file transforms over one tree (codemods/lib/one-tree.ts):
 * one parse per file instead of one per transform that changed the text. Its
 * output must be what the chain of transforms gives (each printing its text and
 * the next parsing it): the same text, the same text after the call-only
 * transforms, the same error, the same sites — on every real-world file and
 * fixture, generated consumers, and (fast-check) files spliced from them,
 * re-indented, re-quoted, with CRLF line breaks and byte-order marks. Site
 * lines are the one thing that differs by design: they are lines of the file
 * as given (the chain gave lines of the previous transform's output).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TRANSFORMS, type TransformEntry } from "../../codemods/index.js";
import { canKeepReprints, REPRINTED } from "../../codemods/lib/reprint.js";
import { addTodo } from "../../codemods/lib/todo.js";
import { defineTransform } from "../../codemods/lib/transform.js";
import { type ApplyResult, applyTransforms } from "../../codemods/migrate/apply.js";
import { jscodeshiftFor, SOURCE_EXTENSIONS } from "../../codemods/migrate/parser.js";
import { legacyConsumer, unrelatedModule } from "../migrate/golden/generated.js";

const ROOT = join(import.meta.dirname, "../..");
const corpus = ["codemods/__realworld__", "codemods/__testfixtures__"].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => !f.includes("node_modules") && SOURCE_EXTENSIONS.some((e) => f.endsWith(`.${e}`)))
    .map((f) => ({ path: join(dir, f), source: readFileSync(join(ROOT, dir, f), "utf8") })),
);
const generated = Array.from({ length: 6 }, (_, i) => [
  { path: `gen/consumer${i}.ts`, source: legacyConsumer(i) },
  { path: `gen/module${i}.ts`, source: unrelatedModule(i) },
]).flat();

const withTrees = TRANSFORMS.filter((t) => t.run);
/** The same transforms without their tree steps: `applyTransforms` runs them as a chain of texts. */
const asChain: TransformEntry[] = TRANSFORMS.map((t) => {
  const run = t.run;
  return run ? { ...t, run: (file, api, options) => run(file, api, options) } : t;
});
const PIPELINES = {
  default: (list: readonly TransformEntry[]) => list.filter((t) => !t.optIn),
  "with adopt-client": (list: readonly TransformEntry[]) => list,
};

/** Everything but the site lines. */
function comparable(result: ApplyResult) {
  return { ...result, sites: result.sites.map((s) => `${s.transform}: ${s.what}`) };
}

function holdToChain(path: string, source: string): void {
  for (const pick of Object.values(PIPELINES)) {
    const oneTree = applyTransforms(path, source, pick(TRANSFORMS));
    const chain = applyTransforms(path, source, pick(asChain));
    expect(comparable(oneTree)).toEqual(comparable(chain));
    // A site's line is a line of the file as given.
    const lineCount = source.split(/\r?\n/).length;
    for (const site of oneTree.sites) expect(site.line).toBeLessThanOrEqual(lineCount);
  }
}

describe("the one-tree chain", () => {
  it("is what migrate runs (recast's internals are where it listens)", () => {
    expect(canKeepReprints).toBe(true);
    expect(withTrees.every((t) => t.run?.tree)).toBe(true);
  });

  it("walks real files", () => expect(corpus.length).toBeGreaterThan(80));

  it.each(corpus.map((f) => [f.path, f]))("gives the chain's output on %s", (_, file) => {
    holdToChain(file.path, file.source);
    holdToChain(file.path, file.source.replace(/\n/g, "\r\n"));
  });

  it("gives the chain's output on generated consumers", () => {
    for (const file of generated) holdToChain(file.path, file.source);
  });

  it("gives the chain's output on files spliced, re-indented and re-quoted (fast-check)", () => {
    const pieces = corpus.filter((f) => f.source.includes("oddkit"));
    const reindent = (text: string, unit: string) =>
      text.replace(/^( {2})+/gm, (spaces) => unit.repeat(spaces.length / 2));
    // Swap quote characters where no string holds the other one or a backtick (keeps the code parseable).
    const requote = (text: string) => text.replace(/"([^"'`\\\n]*)"/g, "'$1'");
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: pieces.length - 1 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom("  ", "    ", "\t", " "),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (picks, unit, quotes, crlf, bom) => {
          const chosen = picks.map((i) => pieces[i] as { path: string; source: string });
          const first = chosen[0] as { path: string };
          let text = chosen.map((p) => p.source).join("\n");
          text = reindent(text, unit);
          if (quotes) text = requote(text);
          if (crlf) text = text.replace(/\r?\n/g, "\r\n");
          if (bom) text = `\uFEFF${text}`;
          holdToChain(first.path, text);
        },
      ),
      { numRuns: 150, seed: 16 },
    );
  });

  it("keeps what recast printed afresh printed afresh (the second edit of an object keeps the chain's layout)", () => {
    // The umbrella transform removes `action`, tool-parameters adds `limit`: same property count as parsed.
    const source = `call({ name: "oddkit", arguments: { action: "search", input: q } });\n`;
    const run = applyTransforms("a.js", source, TRANSFORMS);
    expect(run.output).toBe(`call({ name: "oddkit_search", arguments: {\n  input: q,\n  limit: 5\n} });\n`);
    expect(comparable(run)).toEqual(comparable(applyTransforms("a.js", source, asChain)));
    const j = jscodeshiftFor("a.js");
    expect(REPRINTED in j("x").get().value).toBe(false);
  });

  it("prints new strings in the quote style of the text the chain's next transform parses", () => {
    // Single quotes lead by one; the umbrella transform removes 'search' (double quotes lead afterwards),
    // so the chain's tool-parameters prints its new "metadata" with double quotes.
    const source = `const a = "x", b = "y", c = 'z';\ncall({ name: 'oddkit', arguments: { action: 'search', input: q, include_metadata: true } });\n`;
    const chain = applyTransforms("a.js", source, asChain);
    expect(chain.output).toContain('"metadata"');
    expect(comparable(applyTransforms("a.js", source, TRANSFORMS))).toEqual(comparable(chain));
  });

  it("prints new code with the tab width recast guesses from the text the chain's next transform parses (fast-check)", () => {
    // A call whose lines are indented irregularly: recast guesses the tab width from indentation steps,
    // and the umbrella transform's reprint of the arguments object changes those steps.
    const consumer = (w: readonly number[], branch: boolean) => {
      const at = (i: number) => " ".repeat(w[i] ?? 0);
      return [
        "export async function f(q) {",
        `${at(0)}const r = await call({`,
        `${at(1)}name: "oddkit",`,
        `${at(2)}arguments: {`,
        `${at(3)}action: "search",`,
        `${at(4)}input: q,`,
        `${at(5)}include_metadata: true,`,
        `${at(6)}},`,
        `${at(7)}});`,
        `${at(8)}const x = r.result.hits;`,
        branch ? `${at(9)}if (x) {\n${at(10)}g(x);\n${at(9)}}` : `${at(9)}return x;`,
        `${at(11)}return r.result.hits;`,
        "}",
        "",
      ].join("\n");
    };
    // Found by this property with the guard off (the chain's next transform guessed another width).
    holdToChain("a.js", consumer([2, 0, 0, 0, 4, 0, 6, 2, 6, 0, 0, 0], false));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 12, maxLength: 12 }),
        fc.boolean(),
        (widths, branch) => holdToChain("a.js", consumer(widths, branch)),
      ),
      { numRuns: 200, seed: 16 },
    );
  });

  it("places a marker above the statement the chain placed it above when an earlier step made its line a duplicate", () => {
    // Step one turns `f(b);` into a second `f(a);` line; step two flags the last statement. The chain
    // finds the flagged statement's line as the second `f(a);` of its text; counted in the file as
    // given it would be the first.
    const rename = defineTransform(
      "rename",
      () => true,
      ({ j, root }) => {
        const ids = root.find(j.Identifier, { name: "b" });
        ids.forEach((p) => {
          p.value.name = "a";
        });
        return ids.size() > 0;
      },
    );
    const flag = defineTransform(
      "flag",
      () => true,
      ({ j, root }) => addTodo(j, root.find(j.ExpressionStatement).paths().at(-1), "check this call"),
    );
    const steps: TransformEntry[] = [
      { name: "rename", kind: "jscodeshift", run: rename },
      { name: "flag", kind: "jscodeshift", run: flag },
    ];
    const chainSteps = steps.map((t) => ({
      ...t,
      run: (...args: Parameters<typeof rename>) => t.run?.(...args),
    }));
    const source = "f(b);\nf(a);\n";
    const chain = applyTransforms("a.js", `oddkit;\n${source}`, chainSteps);
    expect(chain.output).toBe("oddkit;\nf(a);\n// TODO(oddkit-migrate): check this call\nf(a);\n");
    expect(applyTransforms("a.js", `oddkit;\n${source}`, steps).output).toBe(chain.output);
  });
});
