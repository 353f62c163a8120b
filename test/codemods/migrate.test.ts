/**
 * `oddkit-sdk migrate`, the runner and the CLI: what it writes, what it never
 * touches, how it reports, and its exit codes.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TRANSFORM_NAMES, TRANSFORM_NAMES } from "../../codemods/index.js";
import { parseFailure } from "../../codemods/migrate/parse-check.js";
import { jscodeshiftFor } from "../../codemods/migrate/parser.js";
import { compiledWorkerPath, runPool } from "../../codemods/migrate/pool.js";
import {
  MIGRATE_EXIT,
  type MigrationSummary,
  migrate,
  verifyOutput,
  verifyOutputs,
} from "../../codemods/migrate/run.js";
import { runCli } from "./cli.js";

const UNRELATED = resolve(import.meta.dirname, "../fixtures/unrelated");

const LEGACY = `// Search box data.
export async function search(call: (tool: string, args: object) => Promise<any>, q: string) {
  const envelope = await call("oddkit_search", { input: q, include_metadata: true });
  return envelope.result.hits.map((hit: any) => hit.title);
}
`;
const WITH_TODO = `export const all = (call: (t: string, a: object) => unknown) =>
  call("oddkit_catalog", { sort_by: "path", filter_epoch: "E1" });
`;
const MENTIONS_ONLY = `// Talks about oddkit, calls nothing.\r\nexport const docs = "https://oddkit.example";\r\n`;
const BROKEN = `export const x = { name: "oddkit_search", arguments: { input: "q" }\n`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "oddkit-migrate-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

const read = (name: string) => readFile(join(dir, name), "utf8");

describe("safety", () => {
  it("rewrites legacy files, leaves the rest byte-identical and never writes a file that fails to parse", async () => {
    await write({
      "src/search.ts": LEGACY,
      "src/mentions.ts": MENTIONS_ONLY,
      "src/broken.ts": BROKEN,
      "node_modules/dep/index.js": LEGACY,
      "dist/out.js": LEGACY,
      "build/out.js": LEGACY,
    });
    const { summary } = await migrate({ paths: ["."], cwd: dir });
    expect(summary.files).toMatchObject({ scanned: 3, changed: 1, unchanged: 1, failed: 1, withSites: 1 });
    expect(summary.exitCode).toBe(MIGRATE_EXIT.fileFailed);
    expect(summary.failures[0]).toMatchObject({ file: join("src", "broken.ts") });
    expect(await read("src/broken.ts")).toBe(BROKEN);
    expect(await read("src/mentions.ts")).toBe(MENTIONS_ONLY);
    expect(await read("node_modules/dep/index.js")).toBe(LEGACY);
    expect(await read("dist/out.js")).toBe(LEGACY);
    const migrated = await read("src/search.ts");
    expect(migrated.startsWith("// Search box data.\n")).toBe(true);
    expect(migrated).toContain('disclosure: ["metadata"]');
    expect(migrated).toContain("envelope.result.data.map");
  });

  it("keeps a byte-order mark and CRLF line endings in files it rewrites", async () => {
    await write({ "win.ts": `\uFEFF${LEGACY.replace(/\n/g, "\r\n")}` });
    await migrate({ paths: ["."], cwd: dir });
    const text = await read("win.ts");
    expect(text.startsWith("\uFEFF// Search box data.\r\n")).toBe(true);
    expect(text).toContain("envelope.result.data.map");
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("changes nothing on a second run", async () => {
    await write({ "a.ts": LEGACY, "b.ts": WITH_TODO });
    await migrate({ paths: ["."], cwd: dir });
    const once = [await read("a.ts"), await read("b.ts")];
    const { summary } = await migrate({ paths: ["."], cwd: dir });
    expect(summary.files.changed).toBe(0);
    expect([await read("a.ts"), await read("b.ts")]).toEqual(once);
    // The TODO left by the first run is still reported.
    expect(summary.todos).toHaveLength(1);
  });

  it("passes a corpus of unrelated real-world files through byte-identical", async () => {
    await cp(UNRELATED, join(dir, "repo"), { recursive: true });
    const { summary } = await migrate({ paths: ["repo"], cwd: dir });
    const files = (await readdir(UNRELATED, { recursive: true, withFileTypes: true })).filter((f) =>
      f.isFile(),
    );
    expect(summary.files).toEqual({
      scanned: files.length,
      changed: 0,
      unchanged: files.length,
      failed: 0,
      withSites: 0,
      migrated: 0,
      flagged: 0,
    });
    expect(summary.legacySites).toEqual([]);
    for (const f of files) {
      const rel = join(f.parentPath, f.name).slice(UNRELATED.length + 1);
      expect(
        Buffer.compare(await readFile(join(dir, "repo", rel)), await readFile(join(UNRELATED, rel))),
        rel,
      ).toBe(0);
    }
  });

  it("the unrelated corpus is real input for the parsers (every file parses)", async () => {
    const files = (await readdir(UNRELATED, { recursive: true, withFileTypes: true })).filter((f) =>
      f.isFile(),
    );
    for (const f of files) {
      const path = join(f.parentPath, f.name);
      const text = await readFile(path, "utf8");
      expect(() => jscodeshiftFor(path)(text), path).not.toThrow();
    }
  });
});

describe("verification before writing", () => {
  it("reports a rewrite that does not parse as a failure and keeps the original", () => {
    const outcome = verifyOutput({
      file: "/x/a.ts",
      status: "changed",
      before: LEGACY,
      after: "export const broken = {",
      sites: [{ transform: "tool-parameters", line: 3, what: "…" }],
      todos: [],
    });
    expect(outcome.status).toBe("failed");
    expect(outcome.after).toBeUndefined();
    expect(outcome.error).toMatchObject({
      transform: "verify",
      message: expect.stringContaining("does not parse"),
    });
  });
});

describe("worker pool", () => {
  const files = Array.from({ length: 40 }, (_, i) => `src/f${i}.ts`);

  it("in-process and worker processes give the same outcomes", async () => {
    await write(Object.fromEntries(files.map((f, i) => [f, i % 2 ? LEGACY : MENTIONS_ONLY])));
    const paths = files.map((f) => join(dir, f));
    const inProcess = await runPool(paths, {
      concurrency: 1,
      transforms: TRANSFORM_NAMES,
      mode: "in-process",
    });
    expect(inProcess.mode).toBe("in-process");
    expect(inProcess.outcomes.filter((o) => o.status === "changed")).toHaveLength(20);
    if (compiledWorkerPath() === null) {
      // Without dist/ (no `npm run build` yet) the pool refuses workers with a clear error.
      await expect(
        runPool(paths, { concurrency: 2, transforms: TRANSFORM_NAMES, mode: "workers" }),
      ).rejects.toThrow(/npm run build/);
      return;
    }
    const workers = await runPool(paths, { concurrency: 2, transforms: TRANSFORM_NAMES, mode: "workers" });
    expect(workers.mode).toBe("workers");
    expect(workers.workers).toBe(2);
    expect(workers.outcomes.map((o) => [o.file, o.status, o.after])).toEqual(
      inProcess.outcomes.map((o) => [o.file, o.status, o.after]),
    );
    // Work alongside (migrate's engine) takes one of the processes: the workers get the rest, at least one.
    for (const [concurrency, expected] of [
      [2, 1],
      [3, 2],
    ] as const) {
      let given = 0;
      const beside = await runPool(paths, {
        concurrency,
        transforms: TRANSFORM_NAMES,
        mode: "workers",
        alongside: (sources) => {
          given = sources.size;
        },
      });
      expect(beside.workers).toBe(expected);
      expect(given).toBe(paths.length);
      expect(beside.outcomes.map((o) => [o.file, o.status, o.after])).toEqual(
        inProcess.outcomes.map((o) => [o.file, o.status, o.after]),
      );
    }
  });
});

describe("worker pool: workers forked before the files are read", () => {
  const files = Array.from({ length: 40 }, (_, i) => `src/f${i}.ts`);
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, "exit");

  it.skipIf(compiledWorkerPath() === null)(
    "are stopped when too few files turn out to mention oddkit, and the job runs in-process",
    async () => {
      // 40 files are enough to want workers before reading; 4 consumers are not.
      await write(
        Object.fromEntries(files.map((f, i) => [f, i % 10 === 0 ? LEGACY : "export const x = 1;\n"])),
      );
      const forked: ChildProcess[] = [];
      const run = await runPool(
        files.map((f) => join(dir, f)),
        { concurrency: 2, transforms: TRANSFORM_NAMES, onFork: (child) => forked.push(child) },
      );
      expect(forked.length).toBe(2);
      expect(run.mode).toBe("in-process");
      expect(run.outcomes.filter((o) => o.status === "changed")).toHaveLength(4);
      await Promise.all(forked.map(exited)); // a worker left running would keep this waiting (test timeout)
    },
  );

  it.skipIf(compiledWorkerPath() === null)(
    "a worker that dies before it is asked anything fails the run with a clear error, not a crash",
    async () => {
      await write(Object.fromEntries(files.map((f) => [f, LEGACY])));
      const run = runPool(
        files.map((f) => join(dir, f)),
        {
          concurrency: 2,
          transforms: TRANSFORM_NAMES,
          mode: "workers",
          onFork: (child) => child.kill("SIGKILL"),
        },
      );
      await expect(run).rejects.toThrow(/migrate: (a worker exited|\d+ files could not be sent to a worker)/);
    },
  );
});

describe("worker pool: the output check on the workers", () => {
  const files = Array.from({ length: 40 }, (_, i) => `src/f${i}.ts`);
  // Texts that parse and texts that do not, in .ts, .tsx and .js files: more than one message's worth.
  const texts = Array.from({ length: 150 }, (_, i) => ({
    file: `x${i}.${["ts", "tsx", "js"][i % 3]}`,
    text:
      i % 7 === 0
        ? `export const x${i} = {;\n`
        : i % 5 === 0
          ? `const y = <T,>(a: T) => a;\n`
          : `export const x${i} = ${i};\n`,
  }));

  it.skipIf(compiledWorkerPath() === null)(
    "answers what the check in this process answers, text by text, also when a worker is gone",
    async () => {
      await write(Object.fromEntries(files.map((f) => [f, LEGACY])));
      const here = texts.map(parseFailure);
      expect(here.filter((f) => f !== null).length).toBeGreaterThan(20); // the check has failures to find
      for (const killFirst of [false, true]) {
        let answers: (string | null)[] = [];
        const forked: ChildProcess[] = [];
        await runPool(
          files.map((f) => join(dir, f)),
          {
            concurrency: 2,
            transforms: TRANSFORM_NAMES,
            mode: "workers",
            onFork: (child) => forked.push(child),
            after: async (_run, check) => {
              if (killFirst) {
                for (const child of forked) child.kill("SIGKILL");
                await Promise.all(
                  forked.map((child) =>
                    child.exitCode !== null || child.signalCode !== null ? undefined : once(child, "exit"),
                  ),
                );
              }
              answers = await check(texts);
            },
          },
        );
        expect(answers).toEqual(here);
      }
    },
  );

  it("verifyOutputs fails exactly the changed outcomes whose text does not parse, as verifyOutput does", async () => {
    const outcomes = texts.map((t, i) => ({
      file: t.file,
      status: i % 2 === 0 ? ("changed" as const) : ("unchanged" as const),
      before: "",
      after: t.text,
      sites: [],
      todos: [],
    }));
    expect(await verifyOutputs(outcomes)).toEqual(outcomes.map(verifyOutput));
    expect((await verifyOutputs(outcomes)).filter((o) => o.status === "failed").length).toBeGreaterThan(5);
  });
});

describe("oddkit-sdk migrate (CLI)", () => {
  it("--dry writes nothing and prints a unified diff and the summary", async () => {
    await write({ "src/search.ts": LEGACY });
    const run = await runCli(["migrate", "--dry"], dir);
    expect(run.code).toBe(MIGRATE_EXIT.ok);
    expect(await read("src/search.ts")).toBe(LEGACY);
    expect(run.stdout).toContain("--- a/src/search.ts");
    expect(run.stdout).toContain("+++ b/src/search.ts");
    expect(run.stdout).toContain('+  const envelope = await call("oddkit_search", {');
    expect(run.stdout).toContain('+    disclosure: ["metadata"],');
    expect(run.stdout).toContain("+    limit: 5");
    expect(run.stdout).toContain("would modify 1 of 1 files");
  });

  it("--json prints the documented schema; --report writes Markdown for a PR comment", async () => {
    await write({ "a.ts": LEGACY, "b.ts": WITH_TODO });
    const run = await runCli(["migrate", ".", "--json", "--report", "report.md"], dir);
    const summary = JSON.parse(run.stdout) as MigrationSummary;
    expect(Object.keys(summary)).toEqual([
      "schemaVersion",
      "mode",
      "transforms",
      "pool",
      "files",
      "sites",
      "legacySites",
      "fallbacks",
      "changedFiles",
      "todos",
      "failures",
      "skipped",
      "interrupted",
      "exitCode",
    ]);
    expect(summary.schemaVersion).toBe(1);
    expect(summary.transforms).toEqual(DEFAULT_TRANSFORM_NAMES);
    expect(summary.transforms).not.toContain("adopt-client");
    // include_metadata → disclosure, and the legacy page sizes made explicit (search 5, sorted catalog 10).
    expect(summary.sites["tool-parameters"]).toBe(3);
    expect(summary.sites["response-access"]).toBeGreaterThan(0);
    expect(summary.todos).toEqual([
      { file: "b.ts", line: 1, reason: expect.stringContaining("filter_epoch") },
    ]);
    // Every field and transform is documented in docs/codemods.md.
    const docs = await readFile(resolve(import.meta.dirname, "../../docs/codemods.md"), "utf8");
    for (const key of [...Object.keys(summary), ...TRANSFORM_NAMES]) expect(docs).toContain(`\`${key}\``);
    const report = await read("report.md");
    expect(report).toContain("## oddkit-sdk migrate");
    expect(report).toContain("| `b.ts:1` |");
  });

  it("exit codes: 1 when a file failed, 2 for TODOs with --fail-on-todo, else 0", async () => {
    await write({ "b.ts": WITH_TODO });
    expect((await runCli(["migrate", "."], dir)).code).toBe(MIGRATE_EXIT.ok);
    expect((await runCli(["migrate", ".", "--fail-on-todo"], dir)).code).toBe(MIGRATE_EXIT.todosLeft);
    await write({ "c.ts": BROKEN });
    const failed = await runCli(["migrate", ".", "--fail-on-todo"], dir);
    expect(failed.code).toBe(MIGRATE_EXIT.fileFailed);
    expect(failed.stdout).toContain("FAILED c.ts");
  });

  it("--transforms runs a subset and rejects unknown names", async () => {
    await write({ "a.ts": LEGACY });
    const run = await runCli(["migrate", ".", "--transforms", "tool-parameters", "--json"], dir);
    const summary = JSON.parse(run.stdout) as MigrationSummary;
    expect(summary.transforms).toEqual(["tool-parameters"]);
    // tool-parameters ran (include_metadata became disclosure); the engine's own rewrites run whatever the subset
    expect(await read("a.ts")).toContain('disclosure: ["metadata"]');
    const bad = await runCli(["migrate", ".", "--transforms", "nope"], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("unknown transform(s): nope");
  });

  it("--print prints each changed file's new text", async () => {
    await write({ "a.ts": LEGACY });
    const run = await runCli(["migrate", ".", "--dry", "--print"], dir);
    expect(run.stdout).toContain(
      'const envelope = await call("oddkit_search", {\n    input: q,\n    disclosure: ["metadata"],\n    limit: 5\n  });\n',
    );
    expect(await read("a.ts")).toBe(LEGACY);
  });

  it("prints one quiet line per changed file when not on a terminal", async () => {
    await write({ "a.ts": LEGACY, "m.ts": MENTIONS_ONLY });
    const run = await runCli(["migrate", "."], dir);
    expect(run.stderr.trim()).toBe("changed a.ts");
  });
});
