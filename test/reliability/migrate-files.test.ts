/**
 * `migrate`'s file layer under attack and bad luck (issue 14, items 1–5):
 * links out of (and inside) the given paths, folder loops, bytes that are not
 * UTF-8, a file that cannot be written in the middle of the loop, oversized
 * files, file modes, temp files left by a killed run, and an interrupt
 * during the write phase.
 */

import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { firstInvalidUtf8, replaceFileAtomically } from "../../codemods/migrate/file-io.js";
import { discoverSourceFiles } from "../../codemods/migrate/files.js";
import { MIGRATE_MAX_FILE_BYTES } from "../../codemods/migrate/limits.js";
import { readSource, readSources } from "../../codemods/migrate/pool.js";
import { MIGRATE_EXIT, migrate } from "../../codemods/migrate/run.js";
import { main } from "../../src/cli/main.js";
import { runCli } from "../codemods/cli.js";

const LEGACY = `// Search box data.
export async function search(call: (tool: string, args: object) => Promise<any>, q: string) {
  const envelope = await call("oddkit_search", { input: q, include_metadata: true });
  return envelope.result.hits.map((hit: any) => hit.title);
}
`;
const MIGRATED_MARK = 'disclosure: ["metadata"]';

let dir: string;
let outside: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "oddkit-migrate-rel-"));
  outside = await mkdtemp(join(tmpdir(), "oddkit-migrate-outside-"));
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function put(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(root, name, ".."), { recursive: true });
    await writeFile(join(root, name), content);
  }
}

describe("links are reported, never followed (item 1)", () => {
  it("leaves a linked file and a linked folder outside the given paths untouched, also under --dry", async () => {
    await put(outside, { "secret.ts": LEGACY, "lib/deep.ts": LEGACY });
    await put(dir, { "src/own.ts": LEGACY });
    await symlink(join(outside, "secret.ts"), join(dir, "src/link.ts"));
    await symlink(join(outside, "lib"), join(dir, "src/vendor"));

    const dry = await runCli(["migrate", "--dry", "--json"], dir);
    const drySummary = JSON.parse(dry.stdout);
    expect(drySummary.changedFiles).toEqual([join("src", "own.ts")]);
    expect(drySummary.skipped.map((s: { file: string }) => s.file).sort()).toEqual([
      join("src", "link.ts"),
      join("src", "vendor"),
    ]);
    expect(drySummary.skipped[0].reason).toMatch(/symbolic link to .*outside the given paths.*not followed/);

    const { summary } = await migrate({ paths: ["."], cwd: dir });
    expect(summary.changedFiles).toEqual([join("src", "own.ts")]);
    expect(await readFile(join(outside, "secret.ts"), "utf8")).toBe(LEGACY);
    expect(await readFile(join(outside, "lib/deep.ts"), "utf8")).toBe(LEGACY);
    expect(await readFile(join(dir, "src/own.ts"), "utf8")).toContain(MIGRATED_MARK);
  });

  it("a folder loop made of a link is walked once, each file migrated once", async () => {
    await put(dir, { "src/a.ts": LEGACY, "src/sub/b.ts": LEGACY });
    await symlink("..", join(dir, "src/sub/loop"));
    await symlink(join(dir, "src"), join(dir, "src/again"));
    const found = await discoverSourceFiles(["."], dir);
    expect(found.files).toEqual([join(dir, "src/a.ts"), join(dir, "src/sub/b.ts")]);
    expect(found.skipped.map((s) => s.reason)).toEqual([
      expect.stringContaining("inside the given paths"),
      expect.stringContaining("inside the given paths"),
    ]);
    const { summary } = await migrate({ paths: ["."], cwd: dir });
    expect(summary.files.scanned).toBe(2);
    expect(summary.files.changed).toBe(2);
  });

  it("a given path that is itself a link is taken at its real path, and its files are reported by it", async () => {
    await put(outside, { "app/a.ts": LEGACY });
    await symlink(join(outside, "app"), join(dir, "app"));
    const found = await discoverSourceFiles(["app"], dir);
    expect(found.files).toEqual([join(outside, "app/a.ts")]);
  });
});

describe("a file swapped after it was listed (the read is synchronous: it must never block)", () => {
  it.skipIf(process.platform === "win32")(
    "a FIFO in a listed file's place is refused as not a regular file, without waiting for a writer",
    async () => {
      const fifo = join(dir, "src/pipe.ts");
      await mkdir(join(dir, "src"), { recursive: true });
      execFileSync("mkfifo", [fifo]);
      // Without O_NONBLOCK the open waits for a writer that never comes, blocking its thread: the read runs in
      // a child process, which the timeout kills (the test then fails instead of hanging the run).
      const pool = pathToFileURL(join(import.meta.dirname, "../../codemods/migrate/pool.ts")).href;
      const script = `const { readSource } = await import(${JSON.stringify(pool)});
      process.stdout.write(JSON.stringify(readSource(${JSON.stringify(fifo)}, 1024)));`;
      const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        timeout: 30_000,
        encoding: "utf8",
      });
      const read = JSON.parse(out);
      expect(read).toMatchObject({ outcome: { file: fifo, status: "failed" } });
      expect(out).toMatch(/not a regular file/);
    },
  );

  it("a link in a listed file's place is refused, not read through", async () => {
    await put(outside, { "secret.ts": LEGACY });
    await mkdir(join(dir, "src"), { recursive: true });
    await symlink(join(outside, "secret.ts"), join(dir, "src/link.ts"));
    const read = readSource(join(dir, "src/link.ts"), MIGRATE_MAX_FILE_BYTES);
    expect(read).toMatchObject({ outcome: { status: "failed" } });
    expect(JSON.stringify(read)).toMatch(/symbolic link after it was listed; not followed/);
  });

  it("reads in file order and reads no further window once the run is aborted", async () => {
    const names = Array.from({ length: 300 }, (_, i) => `src/f${String(i).padStart(3, "0")}.ts`);
    await put(dir, Object.fromEntries(names.map((n) => [n, "export const x = 1;\n"])));
    const paths = names.map((n) => join(dir, n));
    const all: string[] = [];
    for await (const [file, read] of readSources(paths, MIGRATE_MAX_FILE_BYTES)) {
      expect(read).toEqual({ source: "export const x = 1;\n" });
      all.push(file);
    }
    expect(all).toEqual(paths);
    const abort = new AbortController();
    const some: string[] = [];
    for await (const [file] of readSources(paths, MIGRATE_MAX_FILE_BYTES, abort.signal)) {
      some.push(file);
      abort.abort(); // the window being read is finished; no other is started
    }
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(paths.length);
    expect(some).toEqual(paths.slice(0, some.length));
  });

  it("a file over the limit is refused unread, naming the limit", async () => {
    await put(dir, { "src/big.ts": LEGACY });
    const read = readSource(join(dir, "src/big.ts"), 10);
    expect(JSON.stringify(read)).toMatch(/over the 10-byte limit per file/);
    expect(readSource(join(dir, "src/big.ts"), MIGRATE_MAX_FILE_BYTES)).toEqual({ source: LEGACY });
  });
});

describe("atomic replacement (item 2)", () => {
  it("keeps the original's mode and leaves no temp file", async () => {
    await put(dir, { "tool.ts": LEGACY });
    await chmod(join(dir, "tool.ts"), 0o751);
    await migrate({ paths: ["."], cwd: dir });
    expect((await stat(join(dir, "tool.ts"))).mode & 0o7777).toBe(0o751);
    expect(await readdir(dir)).toEqual(["tool.ts"]);
  });

  it("a failed write removes its temp file and leaves the original as it was", async () => {
    await put(dir, { "a.ts": "old" });
    await expect(
      replaceFileAtomically(join(dir, "a.ts"), "new", { expected: Buffer.from("something else") }),
    ).rejects.toThrow(/changed on disk/);
    expect(await readFile(join(dir, "a.ts"), "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["a.ts"]);
  });

  it("removes temp files left by a killed run (a dead process id), but not under --dry", async () => {
    const stale = ".a.ts.oddkit-migrate-2147483646-0badc0de.tmp";
    await put(dir, { "a.ts": LEGACY, [stale]: "half" });
    await migrate({ paths: ["."], cwd: dir, dry: true });
    expect(await readdir(dir)).toContain(stale);
    await migrate({ paths: ["."], cwd: dir });
    expect((await readdir(dir)).sort()).toEqual(["a.ts"]);
  });
});

describe("bytes, not re-encoded text (item 3)", () => {
  it("refuses a non-UTF-8 file that needs rewriting, naming the byte, and leaves it byte-identical", async () => {
    const latin1 = Buffer.concat([Buffer.from("// caf"), Buffer.from([0xe9]), Buffer.from(`\n${LEGACY}`)]);
    await put(dir, { "latin1.ts": latin1, "ok.ts": LEGACY });
    const { summary } = await migrate({ paths: ["."], cwd: dir });
    expect(Buffer.compare(await readFile(join(dir, "latin1.ts")), latin1)).toBe(0);
    expect(summary.failures).toEqual([
      {
        file: "latin1.ts",
        transform: "read",
        message: expect.stringMatching(/not valid UTF-8 \(byte 0xE9 at offset 6, line 1\).*never re-encodes/),
      },
    ]);
    expect(summary.exitCode).toBe(MIGRATE_EXIT.fileFailed);
    expect(await readFile(join(dir, "ok.ts"), "utf8")).toContain(MIGRATED_MARK);
  });

  it("a non-UTF-8 file that never mentions oddkit is left alone without failing the run", async () => {
    const bytes = Buffer.from([0x2f, 0x2f, 0x20, 0xff, 0xfe, 0x0a]);
    await put(dir, { "binaryish.js": bytes });
    const { summary } = await migrate({ paths: ["."], cwd: dir });
    expect(summary.files).toMatchObject({ unchanged: 1, failed: 0 });
    expect(Buffer.compare(await readFile(join(dir, "binaryish.js")), bytes)).toBe(0);
  });

  it("writes back every byte no transform touched (multi-byte text, BOM, CRLF)", async () => {
    const text = `\uFEFF// naïve café — 日本語 🎉\r\n${LEGACY.replace(/\n/g, "\r\n")}`;
    await put(dir, { "u.ts": text });
    await migrate({ paths: ["."], cwd: dir });
    const after = await readFile(join(dir, "u.ts"));
    expect(after.subarray(0, Buffer.byteLength(text.split("\r\n")[0] as string)).toString()).toBe(
      text.split("\r\n")[0],
    );
    expect(after.toString()).toContain(MIGRATED_MARK);
  });

  it("firstInvalidUtf8 agrees with the platform's strict decoder", () => {
    const cases = [
      [0x61, 0xe9, 0x62],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xe2, 0x82],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x8e, 0x89],
    ];
    for (const c of cases) {
      const bytes = Uint8Array.from(c);
      let valid = true;
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        valid = false;
      }
      expect(firstInvalidUtf8(bytes) === -1, c.join(",")).toBe(valid);
    }
  });
});

describe("one unwritable file does not stop the loop (item 4)", () => {
  it("reports the file, writes the files after it, and prints the summary", async () => {
    await put(dir, { "a.ts": LEGACY, "b.ts": LEGACY, "c.ts": LEGACY });
    // b.ts changes on disk while migrate transforms it (another editor, a checkout): it must not be overwritten.
    const run = await runCliWhile(dir, (line) => {
      if (line.endsWith("b.ts")) writeFileSync(join(dir, "b.ts"), `${LEGACY}// edited\n`);
    });
    expect(run.code).toBe(MIGRATE_EXIT.fileFailed);
    expect(await readFile(join(dir, "a.ts"), "utf8")).toContain(MIGRATED_MARK);
    expect(await readFile(join(dir, "c.ts"), "utf8")).toContain(MIGRATED_MARK);
    expect(await readFile(join(dir, "b.ts"), "utf8")).toBe(`${LEGACY}// edited\n`);
    expect(run.stdout).toContain("modified 2 of 3 files");
    expect(run.stdout).toMatch(/FAILED b\.ts \(write\): changed on disk after migrate read it/);
  });

  it("a file replaced by a folder before the write is a write failure too", async () => {
    await put(dir, { "a.ts": LEGACY, "b.ts": LEGACY, "c.ts": LEGACY });
    const { summary } = await migrate({
      paths: ["."],
      cwd: dir,
      onStart: () => undefined,
      onOutcome: (outcome) => {
        if (outcome.file.endsWith("b.ts")) {
          rmSync(outcome.file);
          mkdirSync(outcome.file);
        }
      },
    });
    expect(summary.files).toMatchObject({ changed: 2, failed: 1 });
    expect(summary.failures[0]).toMatchObject({ file: "b.ts", transform: "write" });
  });
});

describe("size limit (item 5)", () => {
  it("skips a file over the limit with the reason, unread, and migrates the rest", async () => {
    const big = `${LEGACY}${"// padding\n".repeat(Math.ceil(MIGRATE_MAX_FILE_BYTES / 11) + 1)}`;
    await put(dir, { "big.ts": big, "small.ts": LEGACY });
    const run = await runCli(["migrate", "."], dir);
    expect(await readFile(join(dir, "big.ts"), "utf8")).toBe(big);
    expect(await readFile(join(dir, "small.ts"), "utf8")).toContain(MIGRATED_MARK);
    expect(run.stdout).toContain(
      `skipped big.ts: ${Buffer.byteLength(big)} bytes is over the ${MIGRATE_MAX_FILE_BYTES}-byte limit per file`,
    );
  });

  it("the limit is an option", async () => {
    await put(dir, { "a.ts": LEGACY });
    const { summary } = await migrate({ paths: ["."], cwd: dir, maxFileBytes: 100 });
    expect(summary.files.scanned).toBe(0);
    expect(summary.skipped).toEqual([{ file: "a.ts", reason: expect.stringContaining("100-byte limit") }]);
  });
});

describe("interrupt during the write phase (SIGINT/SIGTERM)", () => {
  it("finishes the file being written, writes no other, and reports the rest as not written", async () => {
    const names = Array.from({ length: 6 }, (_, i) => `f${i}.ts`);
    await put(dir, Object.fromEntries(names.map((n) => [n, LEGACY])));
    const stop = new AbortController();
    const { summary } = await migrate({
      paths: ["."],
      cwd: dir,
      signal: stop.signal,
      onWritten: (_file, written) => {
        if (written === 2) stop.abort("SIGINT");
      },
    });
    const texts = await Promise.all(names.map((n) => readFile(join(dir, n), "utf8")));
    expect(texts.filter((t) => t.includes(MIGRATED_MARK))).toHaveLength(2);
    expect(texts.filter((t) => t === LEGACY)).toHaveLength(4);
    expect(summary.interrupted).toBe("SIGINT");
    expect(summary.exitCode).toBe(MIGRATE_EXIT.interrupted);
    expect(summary.files.changed).toBe(2);
    expect(summary.failures.filter((f) => f.transform === "interrupted")).toHaveLength(4);
  });
});

/** Run the CLI in-process; `onLine` sees each progress line on stderr as it is printed (before the write phase). */
async function runCliWhile(cwd: string, onLine: (line: string) => void) {
  const out: string[] = [];
  const code = await main(["migrate", "."], {
    stdout: (s) => {
      out.push(s);
    },
    stderr: (s) => onLine(s.trim()),
    isTTY: false,
    cwd,
  });
  return { code, stdout: out.join("") };
}

describe("dot-folders", () => {
  it("walks source dot-folders (.github/scripts for actions/github-script), skips generated ones and dotfiles", async () => {
    await put(dir, {
      ".github/scripts/digest.cjs": LEGACY,
      ".storybook/preview.ts": LEGACY,
      ".git/hooks/pre-commit.js": LEGACY,
      ".next/server/page.js": LEGACY,
      ".nuxt/dist/server.mjs": LEGACY,
      ".eslintrc.cjs": LEGACY,
      "src/app.ts": LEGACY,
    });
    const { files } = await discoverSourceFiles([dir], dir, { dry: true });
    expect(files.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      ".github/scripts/digest.cjs",
      ".storybook/preview.ts",
      "src/app.ts",
    ]);
  });
});
