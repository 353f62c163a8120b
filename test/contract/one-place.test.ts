/**
 * "One place": no file under `src/` outside `src/contract/` restates a
 * contract constant. The scan (./one-place-scan.ts) parses every
 * `src/**\/*.ts` file outside `src/contract/` with the TypeScript compiler and
 * looks at code only, never comments, for:
 *
 *   1. an array literal of string literals equal (as a set) to an action's
 *      permitted flags, to FLAGS, to the default include or to KINDS (not
 *      ACTIONS: those five names are also the legacy server's actions, which
 *      legacy-side tables list in their own right);
 *   2. an object property named after a flag whose value is that flag's cap
 *      (`summary: 25`; `body: 1` only beside another flag's cap, since a lone
 *      `body: 1` is an everyday weight), or NO_FLAG_CAP's value under a
 *      cap-like name (`max`, `maxLimit`, `cap`, …);
 *   3. a string or template literal holding the default include spelled out
 *      ("canon, docs, essays") or a fixed fragment of the two contract error
 *      messages (checked against what the error builders really produce).
 *
 * Every expected value is read from the contract core, so the scan follows
 * the core when a value changes. Numbers are only looked at in properties
 * named after a flag or a cap, so unrelated numbers never trip it.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { glob } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { flagNotPermittedError, limitExceedsCapError } from "../../src/contract/index.js";
import { MESSAGE_FRAGMENTS, scanSource } from "./one-place-scan.js";

const ROOT = new URL("../../", import.meta.url).pathname;

describe("the scan itself", () => {
  it("its message fragments are the real wording of the two error builders", () => {
    const messages = [
      flagNotPermittedError("catalog", "body").error_message,
      limitExceedsCapError(100, 25, "summary").error_message,
    ].join("\n");
    for (const fragment of MESSAGE_FRAGMENTS) expect(messages).toContain(fragment);
  });

  it.each([
    ['const p = ["blockquote", "metadata", "summary"];', "permitted flags of search"],
    ["const p = ['summary', 'metadata', 'blockquote'];", "permitted flags of search"],
    ['const all = ["blockquote", "metadata", "summary", "body"];', "permitted flags of get"],
    ['const include = ["canon", "docs", "essays"];', "DEFAULT_INCLUDE"],
    ['const k = ["docs", "canon", "essays"] as const;', "DEFAULT_INCLUDE"],
    ['const all = ["canon", "docs", "journals", "essays", "apocrypha"];', "KINDS"],
    ["const caps = { blockquote: 200, metadata: 100 };", "blockquote cap"],
    ['const caps = { "summary": 25 };', "summary cap"],
    ["const caps = { summary: 25, body: 1 };", "body cap"],
    ["const o = { maxLimit: 500 };", "NO_FLAG_CAP"],
    ['const m = "defaults to canon, docs, essays";', "default include"],
    // A template literal with a placeholder (built by concatenation so the test source holds none).
    ["const m = `limit $" + "{n} exceeds the maximum`;", "exceeds the maximum"],
    ['throw new Error("body is not permitted on action catalog");', "is not permitted on action"],
  ])("catches %s", (code, what) => {
    const findings = scanSource("x.ts", code);
    expect(findings.map((f) => f.what).join("\n")).toContain(what);
  });

  it.each([
    '// caps: summary: 25, ["blockquote", "metadata", "summary"], canon, docs, essays',
    "/* limit 100 exceeds the maximum 25 */ const x = 1;",
    "const flags = permittedFlags(action);",
    'const disclosure = ["summary"];',
    'const pair = ["blockquote", "summary"];',
    "const page = { limit: 25, offset: 0 };",
    "const timeouts = { summary: 30, retries: 3, max: 100 };",
    "const BOOST = { title: 3, headings: 2, tags: 2, body: 1 };",
    'const folders = ["canon/", "docs/", "odd/", "writings/"];',
    'const retrieval = ["search", "catalog", "get", "resolve", "preflight"];',
    'const uri = "klappy://docs/one";',
    'const hint = "fix the target or remove the key.";',
  ])("ignores %s", (code) => {
    expect(scanSource("x.ts", code)).toEqual([]);
  });
});

describe("no contract constant is restated outside src/contract/", () => {
  it("src/**/*.ts (excluding src/contract/) holds no literal copy", async () => {
    const files = await glob(["src/**/*.ts"], { cwd: ROOT, ignore: ["src/contract/**"], absolute: true });
    expect(files.length).toBeGreaterThan(0);
    const findings = files.flatMap((f) => scanSource(relative(ROOT, f), readFileSync(f, "utf8")));
    // Each finding names the file and line; the fix is to import the constant from src/contract/index.js.
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.what}`)).toEqual([]);
  });
});
