/**
 * Codemod throughput (issue 16 item 4): files per second of `oddkit-sdk
 * migrate --dry` on a generated repository, side by side with jscodeshift
 * running a no-op transform (parse every file, change nothing) over the same
 * files, in one run, at two consumer mixes: 10% of the files are legacy oddkit
 * consumers (search/get calls over raw fetch JSON-RPC and a wrapper) among
 * unrelated TypeScript, and 100% (every file a consumer). Both tools run dry
 * with the same number of worker processes. `migrate` is the whole pipeline:
 * the per-file transforms (each file parsed once: one tree for every
 * transform) and the engine (one warm ts-morph
 * project with the type checker for detection, the no-new-errors gate and the
 * group rewrites). Prints a `goal:` line per mix (goal: ≤ 1.5× the no-op's
 * time).
 *
 *   npm run build && npx tsx bench/codemods.ts [files=2000] [workers=2]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compiledWorkerPath, workerExecArgv } from "../codemods/migrate/pool.js";
import { migrate } from "../codemods/migrate/run.js";
import { generateConsumers } from "../test/migrate/golden/generated.js";

const require = createRequire(import.meta.url);
const FILES = Number(process.argv[2] ?? 2000);
const WORKERS = Number(process.argv[3] ?? 2);

/** Issue 16's goal: migrate within 1.5× the time of a jscodeshift no-op over the same files. */
const GOAL = 1.5;

/** The generated repository the golden outputs also hold (test/migrate/golden). */
const generate = (dir: string, consumerShare: number) => generateConsumers(dir, FILES, consumerShare);

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return (performance.now() - start) / 1000;
}

async function jscodeshiftNoop(dir: string, paths: string[]): Promise<number> {
  const transform = join(dir, "noop-transform.cjs");
  await writeFile(
    transform,
    "module.exports = (file, api) => { api.jscodeshift(file.source); return undefined; };\n",
  );
  const { run } = require("jscodeshift/src/Runner.js") as {
    run(t: string, p: string[], o: Record<string, unknown>): Promise<unknown>;
  };
  // Both tools' workers start as a user's do, without the TypeScript loader this bench runs under:
  // migrate's pool forks its compiled worker without the parent's hooks (workerExecArgv), and
  // jscodeshift's Runner forks with process.execArgv, so it is given the same options for its run.
  const execArgv = process.execArgv;
  process.execArgv = workerExecArgv(execArgv);
  try {
    return await timeIt(() =>
      run(transform, paths, {
        dry: true,
        silent: true,
        verbose: 0,
        parser: "ts",
        cpus: WORKERS,
        babel: false,
        extensions: "ts",
      }),
    );
  } finally {
    process.execArgv = execArgv;
  }
}

async function main(): Promise<void> {
  if (!compiledWorkerPath()) {
    console.error("bench/codemods: build first (npm run build): the migrate pool runs the compiled worker");
    process.exit(1);
  }
  const root = await mkdtemp(join(tmpdir(), "oddkit-codemods-bench-"));
  try {
    const rows: { name: string; seconds: number }[] = [];
    const goals: string[] = [];
    for (const share of [0.1, 1]) {
      const dir = join(root, `consumers-${share * 100}`);
      const paths = await generate(dir, share);
      const label = `${share * 100}% consumers`;
      const base = await jscodeshiftNoop(dir, paths);
      const ours = await timeIt(() =>
        migrate({ paths: [join(dir, "src")], cwd: dir, dry: true, concurrency: WORKERS }),
      );
      rows.push({ name: `jscodeshift no-op (${label})`, seconds: base });
      rows.push({ name: `oddkit-sdk migrate --dry (${label})`, seconds: ours });
      const ratio = ours / base;
      goals.push(
        `goal: migrate vs jscodeshift no-op, ${FILES} files, ${label}: ${ratio.toFixed(2)}× its time (${(FILES / ours).toFixed(0)} vs ${(FILES / base).toFixed(0)} files/s), goal ≤ ${GOAL}×: ${ratio <= GOAL ? "met" : "NOT met"}`,
      );
    }
    console.log(`codemod throughput: ${FILES} files, ${WORKERS} worker processes each\n`);
    console.log("| run | seconds | files/s | time vs jscodeshift no-op |");
    console.log("| --- | ---: | ---: | ---: |");
    for (let i = 0; i < rows.length; i += 2) {
      const base = rows[i] as { name: string; seconds: number };
      const ours = rows[i + 1] as { name: string; seconds: number };
      for (const row of [base, ours]) {
        console.log(
          `| ${row.name} | ${row.seconds.toFixed(2)} | ${(FILES / row.seconds).toFixed(0)} | ${(row.seconds / base.seconds).toFixed(2)}× |`,
        );
      }
    }
    console.log("");
    for (const goal of goals) console.log(goal);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
