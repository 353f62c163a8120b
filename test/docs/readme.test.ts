/**
 * README.md stays true: its two commands are the ones CI and the CLI really
 * run, and its client example runs as written against the embedded server.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/context.js";
import { main } from "../../src/cli/main.js";
import { exampleRunner, ROOT, tsExamples } from "../support/doc-examples.js";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const ciRun = readFileSync(join(ROOT, ".ci/run"), "utf8");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  bin: Record<string, string>;
};

function capture(): CliIO & { out: string[] } {
  const out: string[] = [];
  return { out, stdout: (t) => out.push(t), stderr: (t) => out.push(t), isTTY: false, cwd: ROOT };
}

describe("README's two commands", () => {
  it("names the test command, which is exactly what .ci/run runs after npm ci", () => {
    expect(readme).toContain("npm ci && npm test");
    const commands = ciRun
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    expect(commands.indexOf("npm ci --no-audit --no-fund")).toBeGreaterThanOrEqual(0);
    expect(commands.at(-1)).toBe("npm test");
    expect(pkg.scripts.test).toContain("vitest run");
  });

  it("names the main job, a real verb of the oddkit-sdk bin", async () => {
    expect(readme).toContain("npm ci && npx oddkit-sdk report");
    expect(Object.keys(pkg.bin)).toEqual(["oddkit-sdk"]);
    const io = capture();
    expect(await main(["report", "--help"], io)).toBe(0);
    expect(io.out.join("")).toMatch(/--url/);
    expect(io.out.join("")).toMatch(/--corpus/);
  });
});

describe("README's client example", () => {
  const blocks = tsExamples("README.md");
  const run = exampleRunner("readme-", ["oddkit-sdk", "oddkit-sdk/server"]);

  it("has one ts example", () => {
    expect(blocks).toHaveLength(1);
  });

  it.each(blocks.map((b, i) => [i, b.code] as const))("example %i runs as written", async (i, code) => {
    await run(i, code);
  });
});
