/**
 * `oddkit-sdk migrate` receiving SIGTERM/SIGINT as a real process: it stops
 * taking work, writes no file it had not started, prints the summary naming
 * the interruption, and exits 143/130. The signal is sent when the run has
 * reported its first changed file (progress, not a timer).
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TSX_LOADER } from "./fixtures/tsx.js";

const CLI = resolve(import.meta.dirname, "fixtures/cli-child.ts");
const LEGACY = `export async function titles(call, q) {
  const envelope = await call("oddkit_search", { input: q, include_metadata: true });
  return envelope.result.hits.map((hit) => hit.title);
}
`;
const FILES = 120;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "oddkit-migrate-sig-"));
  await mkdir(join(dir, "src"));
  for (let i = 0; i < FILES; i++) await writeFile(join(dir, "src", `f${i}.js`), LEGACY);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function runUntilFirstChange(signal: NodeJS.Signals) {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI, "migrate", ".", "--concurrency", "1"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  let sent = false;
  createInterface({ input: child.stderr }).on("line", (line) => {
    if (!sent && line.startsWith("changed ")) {
      sent = true;
      child.kill(signal);
    }
  });
  return new Promise<{ code: number | null; stdout: string; sent: boolean }>((settle) =>
    child.on("close", (code) => settle({ code, stdout, sent })),
  );
}

describe("migrate stopped by a signal", () => {
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    it(`${signal}: no file half-written or written after the signal, the summary printed, exit ${code}`, async () => {
      const run = await runUntilFirstChange(signal);
      expect(run.sent).toBe(true);
      expect(run.code).toBe(code);
      expect(run.stdout).toMatch(new RegExp(`interrupted by ${signal}: \\d+ file\\(s\\) not written`));
      const texts = await Promise.all(
        Array.from({ length: FILES }, (_, i) => readFile(join(dir, "src", `f${i}.js`), "utf8")),
      );
      // Stopped in the transform phase: the write phase never started.
      expect(texts.every((t) => t === LEGACY)).toBe(true);
      expect(run.stdout).toContain(`modified 0 of ${FILES} files`);
    });
  }
});
