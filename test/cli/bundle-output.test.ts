/**
 * The bin runs the bundled CLI (dist/cli, scripts/bundle-cli.ts); the bundle
 * must print exactly what the unbundled CLI (dist/src/cli/main.js, tsc's
 * output of the same sources) prints: stdout, stderr and exit code, command
 * for command, each run as its own process. Needs `npm run build` (which
 * `npm test` runs first). Only the clock is taken out of the output (and
 * `conformance`/`cost`, whose token counts include timing digits, are left out).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FIXTURE = fileURLToPath(new URL("../fixtures/corpora/odd-frontmatter", import.meta.url));
const UNBUNDLED = pathToFileURL(join(ROOT, "dist/src/cli/main.js")).href;

const COMMANDS: string[][] = [
  ["--help"],
  ["--version"],
  ["serach", "cache"], // a usage error with "did you mean"
  ["search", "--help"],
  ["search", "cache", "--json"],
  ["search", "cache"],
  ["get", "klappy://nowhere/at-all"],
  ["catalog", "--tier", "9"],
  ["catalog", "--corpus", FIXTURE, "--limit", "5"],
  ["audit", FIXTURE],
  ["preflight", "caching", "--json"],
  ["context", "add a cache layer"],
  ["serve", "--help"],
  ["migrate", "--help"],
];

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let cacheDir: string;
beforeAll(() => {
  cacheDir = mkdtempSync(join(tmpdir(), "oddkit-bundle-output-"));
});
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

function node(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: ROOT,
        env: { ...process.env, ODDKIT_INDEX_CACHE_DIR: cacheDir, NO_COLOR: "1" },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout: timeless(stdout),
          stderr: timeless(stderr),
        }),
    );
  });
}

/** The clock out of one run's output (as test/cli/embedded-output.test.ts). */
function timeless(text: string): string {
  return text
    .replace(/"durationMs": [0-9.e-]+/g, '"durationMs": 0')
    .replace(/"bytes": \d+/g, '"bytes": 0')
    .replace(/response: \d+ bytes, (.*?), \d+ ms/g, "response: 0 bytes, $1, 0 ms")
    .replace(/\b\d+(\.\d+)? ?ms\b/g, "0 ms");
}

const bundled = (argv: string[]) => node(["bin/oddkit-sdk.js", ...argv]);
const unbundled = (argv: string[]) =>
  node([
    "--input-type=module",
    "-e",
    `const { main } = await import(${JSON.stringify(UNBUNDLED)}); process.exitCode = await main(process.argv.slice(1));`,
    "--",
    ...argv,
  ]);

describe("the bundled bin", () => {
  it("prints what the unbundled CLI prints, command for command", async () => {
    const codes: number[] = [];
    for (const argv of COMMANDS) {
      const [fromBundle, fromSources] = await Promise.all([bundled(argv), unbundled(argv)]);
      expect(fromBundle, argv.join(" ")).toEqual(fromSources);
      codes.push(fromBundle.code);
    }
    // The list exercises answers and refusals alike, not only one of them.
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(8);
    expect(codes).toContain(3);
    expect(codes).toContain(2);
    expect(codes).toContain(64);
  }, 180_000);
});
