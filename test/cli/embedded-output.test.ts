/**
 * The retrieval verbs print exactly what they printed before the embedded
 * path left the MCP SDK (server/embedded.ts): each command below runs twice
 * in-process, once over the direct path and once with `createEmbeddedServer`
 * replaced by the SDK-bound `createReferenceServer` (what the CLI used
 * before), and stdout, stderr and exit codes must match. Only the clock is
 * taken out (`durationMs`, the response's byte count that holds the server's
 * timing digits, and the table's response line).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MainRun } from "../support/cli-run.js";

const FIXTURE = new URL("../fixtures/corpora/odd-frontmatter", import.meta.url).pathname;

const COMMANDS: string[][] = [
  ["search", "cache", "--json"],
  ["search", "cache"],
  ["search", "caching", "--disclosure", "summary,metadata", "--limit", "4", "--json"],
  ["search", "zzzz-no-such-word", "--json"],
  ["catalog", "--limit", "30", "--json"],
  ["catalog", "--include", "canon,docs,essays,journals", "--sort-by", "date", "--limit", "12"],
  ["catalog", "--limit", "500", "--disclosure", "summary"],
  ["get", "klappy://writings/on-caching", "--json"],
  ["get", "klappy://nowhere/at-all"],
  ["resolve", "klappy://docs/old-guide", "--json"],
  ["preflight", "caching", "--json"],
  ["sitemap", "--json"],
  ["essays-index"],
  ["global-search", "cache", "--json"],
  ["context", "add a cache layer"],
  ["search", "cache", "--consumer", "the-test", "--mode", "window", "--json"],
  ["catalog", "--corpus", FIXTURE, "--json"],
  ["search", "note", "--corpus", FIXTURE],
];

/** The clock out of one run's output. */
function timeless(run: MainRun): MainRun {
  const clean = (text: string) =>
    text
      .replace(/"durationMs": [0-9.e-]+/g, '"durationMs": 0')
      .replace(/"bytes": \d+/g, '"bytes": 0')
      .replace(/response: \d+ bytes, (.*?), \d+ ms/g, "response: 0 bytes, $1, 0 ms");
  return { code: run.code, stdout: clean(run.stdout), stderr: clean(run.stderr) };
}

async function runAll(): Promise<MainRun[]> {
  const { runMain } = await import("../support/cli-run.js");
  const out: MainRun[] = [];
  for (const argv of COMMANDS) out.push(timeless(await runMain(argv)));
  return out;
}

let cacheDir: string;
const savedCacheDir = process.env.ODDKIT_INDEX_CACHE_DIR;
beforeAll(() => {
  cacheDir = mkdtempSync(join(tmpdir(), "oddkit-embedded-output-"));
  process.env.ODDKIT_INDEX_CACHE_DIR = cacheDir;
});
afterAll(() => {
  if (savedCacheDir === undefined) delete process.env.ODDKIT_INDEX_CACHE_DIR;
  else process.env.ODDKIT_INDEX_CACHE_DIR = savedCacheDir;
  rmSync(cacheDir, { recursive: true, force: true });
});

describe("the CLI's embedded path", () => {
  it("prints what the SDK-bound server made it print, command for command", async () => {
    vi.resetModules();
    const direct = await runAll();
    vi.resetModules();
    let sdkServers = 0;
    vi.doMock("../../src/server/embedded.js", async () => {
      const { createReferenceServer } = await import("../../src/server/reference-server.js");
      return {
        createEmbeddedServer: (options: Parameters<typeof createReferenceServer>[0]) => {
          sdkServers++;
          return createReferenceServer(options);
        },
      };
    });
    let viaSdk: MainRun[];
    try {
      viaSdk = await runAll();
    } finally {
      vi.doUnmock("../../src/server/embedded.js");
      vi.resetModules();
    }
    expect(sdkServers).toBeGreaterThanOrEqual(COMMANDS.length - 1); // the second run did go through the SDK
    for (let i = 0; i < COMMANDS.length; i++) {
      expect(direct[i], COMMANDS[i]!.join(" ")).toEqual(viaSdk[i]);
    }
    // The commands answered (not all refusals): most exit 0 with output, one is a not-found.
    expect(direct.filter((r) => r.code === 0 && r.stdout.length > 100).length).toBeGreaterThan(12);
    expect(direct.map((r) => r.code)).toContain(3);
  }, 120_000);
});
