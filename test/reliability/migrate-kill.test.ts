/**
 * A kill at any moment of a `migrate` run over 2,000 files leaves every file
 * either original or fully migrated, and a re-run completes the rest
 * (issue 14, item 2 and its "Done when").
 *
 * The run is a separate process (test/reliability/fixtures/migrate-child.ts)
 * that prints its progress by file count and freezes itself on the event-loop
 * turn after a chosen step (in the middle of the next file's work); it is then
 * SIGKILLed — during the transform phase, right after the first write, and in
 * the middle of the write phase — never after a timer. After
 * each kill every file is compared byte for byte with its original and with
 * its expected migrated text; a last run must finish the job.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledWorkerPath } from "../../codemods/migrate/pool.js";
import { migrate } from "../../codemods/migrate/run.js";
import { TSX_LOADER } from "./fixtures/tsx.js";

const CHILD = resolve(import.meta.dirname, "fixtures/migrate-child.ts");
const FILES = 2000;

const TEMPLATES: Record<string, { ext: string; text: string }> = {
  search: {
    ext: "ts",
    text: `// Search box data.
export async function search(call: (tool: string, args: object) => Promise<any>, q: string) {
  const envelope = await call("oddkit_search", { input: q, include_metadata: true });
  return envelope.result.hits.map((hit: any) => hit.title);
}
`,
  },
  searchJs: {
    ext: "js",
    text: `export async function titles(call, q) {
  const envelope = await call("oddkit_search", { input: q, include_metadata: true });
  return envelope.result.hits.map((hit) => hit.title);
}
`,
  },
  catalog: {
    ext: "ts",
    text: `export const all = (call: (t: string, a: object) => unknown) =>
  call("oddkit_catalog", { sort_by: "path", filter_epoch: "E1" });
`,
  },
  mentions: {
    ext: "ts",
    text: `// Talks about oddkit, calls nothing.\nexport const docs = "https://oddkit.example";\n`,
  },
  unrelated: { ext: "js", text: `export const add = (a, b) => a + b;\n` },
};
const KINDS = Object.keys(TEMPLATES);

let dir: string;
/** Relative path → template kind. */
const layout = new Map<string, string>();
/** Template kind → its fully migrated text. */
const migrated = new Map<string, string>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "oddkit-migrate-kill-"));
  // The expected migrated text of each template, from an uninterrupted run over one copy of each.
  const reference = await mkdtemp(join(tmpdir(), "oddkit-migrate-kill-ref-"));
  for (const kind of KINDS) {
    const { ext, text } = TEMPLATES[kind] as { ext: string; text: string };
    await writeFile(join(reference, `${kind}.${ext}`), text);
  }
  await migrate({ paths: ["."], cwd: reference });
  for (const kind of KINDS) {
    const { ext } = TEMPLATES[kind] as { ext: string };
    migrated.set(kind, await readFile(join(reference, `${kind}.${ext}`), "utf8"));
  }
  await rm(reference, { recursive: true, force: true });
  for (let i = 0; i < FILES; i++) {
    const kind = KINDS[i % KINDS.length] as string;
    const rel = join(`pkg${i % 25}`, `m${i}.${(TEMPLATES[kind] as { ext: string }).ext}`);
    layout.set(rel, kind);
    await mkdir(join(dir, `pkg${i % 25}`), { recursive: true });
    await writeFile(join(dir, rel), (TEMPLATES[kind] as { text: string }).text);
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface ChildRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly lines: string[];
}

/**
 * Run migrate in a child that freezes itself right after progress step `stop`
 * (`written:600`); SIGKILL its process group when that step's line arrives.
 */
function runChild(stop: string | null): Promise<ChildRun> {
  const concurrency = compiledWorkerPath() ? "2" : "1";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", TSX_LOADER, CHILD, dir, concurrency, ...(stop ? [stop] : [])],
    { stdio: ["ignore", "pipe", "inherit"], detached: true },
  );
  const lines: string[] = [];
  let killed = false;
  const stopLine = stop?.replace(":", " ");
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    lines.push(line);
    if (!killed && line === stopLine) {
      killed = true;
      // The whole group: the run and its worker processes.
      process.kill(-(child.pid as number), "SIGKILL");
    }
  });
  return new Promise((settle) => child.on("close", (code, signal) => settle({ code, signal, lines })));
}

/** Every file is its original or its migrated text; returns how many are migrated (of those that change). */
async function checkEveryFile(): Promise<{ migrated: number; original: number }> {
  let done = 0;
  let original = 0;
  const bad: string[] = [];
  for (const [rel, kind] of layout) {
    const text = await readFile(join(dir, rel), "utf8");
    const before = (TEMPLATES[kind] as { text: string }).text;
    const after = migrated.get(kind) as string;
    if (before === after) {
      if (text !== before) bad.push(rel);
      continue;
    }
    if (text === after) done++;
    else if (text === before) original++;
    else bad.push(rel);
  }
  expect(bad, "files neither original nor fully migrated").toEqual([]);
  return { migrated: done, original };
}

async function sourceFilesOnDisk(): Promise<string[]> {
  const all = await readdir(dir, { recursive: true });
  return all.filter((f) => /\.(ts|js)$/.test(f) && !f.includes(".oddkit-migrate-"));
}

describe(`SIGKILL at any moment of a migrate run over ${FILES} files`, () => {
  const changing = () => [...layout.values()].filter((k) => migrated.get(k) !== TEMPLATES[k]?.text).length;

  it("leaves every file original or migrated after each kill, and a re-run completes the rest", async () => {
    expect(changing()).toBeGreaterThan(1000);
    // 1. Killed in the transform phase: nothing is written yet.
    const first = await runChild("outcome:300");
    expect(first.signal, `first run ended before its stop point: ${first.lines.slice(-2).join(" | ")}`).toBe(
      "SIGKILL",
    );
    expect(first.lines.some((l) => l.startsWith("written"))).toBe(false);
    expect(await checkEveryFile()).toEqual({ migrated: 0, original: changing() });

    // 2. Killed right after the first write.
    const second = await runChild("written:1");
    expect(
      second.signal,
      `second run ended before its stop point: ${second.lines.slice(-2).join(" | ")}`,
    ).toBe("SIGKILL");
    const afterSecond = await checkEveryFile();
    expect(afterSecond.migrated).toBeGreaterThanOrEqual(1);

    // 3. Killed in the middle of the write phase of the re-run (what is left is fewer files).
    const third = await runChild(`written:${Math.floor(afterSecond.original / 2)}`);
    expect(third.signal, `third run ended before its stop point: ${third.lines.slice(-2).join(" | ")}`).toBe(
      "SIGKILL",
    );
    const afterThird = await checkEveryFile();
    expect(afterThird.migrated).toBeGreaterThan(afterSecond.migrated);
    expect(afterThird.original).toBeGreaterThan(0);

    // 4. A re-run completes the rest and removes the temp files a kill may have left.
    const last = await runChild(null);
    expect(last.code).toBe(0);
    const summary = JSON.parse((last.lines.at(-1) as string).replace(/^summary /, ""));
    expect(summary.files.changed).toBe(afterThird.original);
    expect(summary.files.failed).toBe(0);
    expect(await checkEveryFile()).toEqual({ migrated: changing(), original: 0 });
    expect((await sourceFilesOnDisk()).length).toBe(FILES);
    const leftovers = (await readdir(dir, { recursive: true })).filter((f) => f.includes(".oddkit-migrate-"));
    expect(leftovers).toEqual([]);
  });
});
